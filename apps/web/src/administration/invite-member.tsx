import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import styles from './administration.module.css';
import { SecretShownOnce } from './secret-shown-once';
import { shortDate } from './use-loaded';
import { RoleSelect } from './role-select';

/**
 * Invite by email with a role. No mail is sent: the admin hands the link over, and the api answers
 * it once (it keeps only the token's hash), so it stays on the page until the next invitation.
 */
export function InviteMember({ wId, onInvited }: { readonly wId: string; readonly onInvited: () => void }) {
  const { members } = useApi();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('user');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ readonly email: string; readonly url: string; readonly expiresAt: number } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const invited = await members.invite(wId, email, role);
      setLink({ email: invited.invitation.email, url: invited.url, expiresAt: invited.invitation.expiresAt });
      setEmail('');
      onInvited();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${roleId}-title`} className={styles.section}>
      <h2 id={`${roleId}-title`}>Invite someone</h2>
      <form className={styles.inline} onSubmit={submit}>
        <FormField label="Email address" type="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        <div className="field">
          <label htmlFor={roleId}>Role</label>
          <RoleSelect id={roleId} value={role} onChange={setRole} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Invite
        </button>
      </form>
      <FormError message={error} />
      {link ? (
        <SecretShownOnce
          label={`Invitation link for ${link.email}`}
          value={link.url}
          note={`This link is shown once: copy it now and send it to them. It works once, for this address, until ${shortDate(link.expiresAt)}.`}
        />
      ) : null}
    </section>
  );
}
