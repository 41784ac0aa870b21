import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { ApiKeySummary } from '@app/contracts/http/api-key.types';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../api';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import styles from './administration.module.css';
import { ConfirmAction } from './confirm-action';
import { SecretShownOnce } from './secret-shown-once';
import { LoadedPending, shortDate, useLoaded } from './use-loaded';
import { RoleSelect } from './role-select';

/**
 * `/w/:wId/admin/keys`: the workspace's live keys by their first characters, a new key (its secret
 * shown once: the api keeps only its hash), and Revoke, refused by the api from the moment it answers.
 */
export function ApiKeysPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('API keys');
  const { apiKeys } = useApi();
  const keys = useLoaded((signal) => apiKeys.list(wId, { signal }));
  const roleId = useId();
  const [role, setRole] = useState<WorkspaceRole>('builder');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ readonly prefix: string | null; readonly secret: string } | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await apiKeys.create(wId, role);
      setCreated({ prefix: answer.key.prefix, secret: answer.secret });
      keys.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKeySummary) {
    setError(null);
    try {
      await apiKeys.revoke(wId, key.keyId);
      keys.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <div className={styles.page}>
      <PageHeading>API keys</PageHeading>
      <p className="muted">A key acts with its role in this workspace, for programs calling the API (<code>Authorization: Bearer sk-…</code>).</p>
      <form className={styles.inline} onSubmit={create}>
        <div className="field">
          <label htmlFor={roleId}>Role of the new key</label>
          <RoleSelect id={roleId} value={role} onChange={setRole} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Create key
        </button>
      </form>
      <FormError message={error} />
      {created ? <SecretShownOnce label="Key secret" value={created.secret} note="This key is shown once: copy it now. Only its first characters are kept to tell it apart." /> : null}
      {keys.loaded.status === 'ready' ? (
        <ul className={styles.rows} aria-label="API keys">
          {keys.loaded.value.keys.map((key) => {
            const name = key.prefix ? `${key.prefix}…` : key.keyId;
            return (
              <li key={key.keyId} className={styles.row} aria-label={name}>
                <div className={styles.who}>
                  <strong className={styles.code}>{name}</strong>
                  <span className="muted">
                    {key.role}
                    {key.user ? `, acting as ${key.user}` : ''}
                  </span>
                  <span className="muted">
                    Created {shortDate(key.createdAt)}, {key.lastUsedAt ? `last used ${shortDate(key.lastUsedAt)}` : 'not used yet'}
                  </span>
                </div>
                <div className={styles.actions}>
                  <ConfirmAction label="Revoke" accessibleName={`Revoke ${name}`} question={`Revoke ${name}? Programs using it stop working at once.`} confirmLabel="Yes, revoke" onConfirm={() => revoke(key)} />
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <LoadedPending loaded={keys.loaded} />
      )}
    </div>
  );
}
