import { useState, type FormEvent } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import styles from './administration.module.css';
import { ConfirmAction } from './confirm-action';
import { LoadedPending, useLoaded } from './use-loaded';

/** The verified domains: someone whose address the sign-on provider vouches for in one joins as a user. */
export function VerifiedDomains({ wId }: { readonly wId: string }) {
  const { workspaceSettings } = useApi();
  const domains = useLoaded((signal) => workspaceSettings.verifiedDomains(wId, { signal }));
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(what: () => Promise<unknown>) {
    setError(null);
    try {
      await what();
      domains.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await change(async () => {
      await workspaceSettings.verifyDomain(wId, domain.trim());
      setDomain('');
    });
    setBusy(false);
  }

  return (
    <section aria-labelledby="verified-domains" className={styles.section}>
      <h2 id="verified-domains">Verified domains</h2>
      <p className="muted">People signing on with an address of one of these domains join this workspace as users. Members who joined that way stay when a domain is removed.</p>
      <form className={styles.inline} onSubmit={add}>
        <FormField label="Domain" required autoComplete="off" placeholder="example.com" value={domain} onChange={(event) => setDomain(event.target.value)} />
        <button type="submit" className="button" disabled={busy}>
          Add domain
        </button>
      </form>
      <FormError message={error} />
      {domains.loaded.status !== 'ready' ? (
        <LoadedPending loaded={domains.loaded} />
      ) : domains.loaded.value.verified_domains.length === 0 ? (
        <p className="muted">No verified domain.</p>
      ) : (
        <ul className={styles.rows} aria-label="Verified domains">
          {domains.loaded.value.verified_domains.map((verified) => (
            <li key={verified.domain} className={styles.row} aria-label={verified.domain}>
              <strong className={styles.code}>{verified.domain}</strong>
              <ConfirmAction
                label="Remove"
                accessibleName={`Remove ${verified.domain}`}
                question={`Remove ${verified.domain}? Its addresses no longer join on sign-on.`}
                confirmLabel="Yes, remove"
                onConfirm={() => change(() => workspaceSettings.removeDomain(wId, verified.domain))}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
