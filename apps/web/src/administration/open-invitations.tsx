import type { ListInvitationsResponse } from '@app/contracts/http/member.types';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import styles from './administration.module.css';
import { ConfirmAction } from './confirm-action';
import { LoadedPending, shortDate, type Loaded } from './use-loaded';

/** The invitations not yet used, withdrawn nor expired, each with Withdraw (its link stops working). */
export function OpenInvitations({
  wId,
  loaded,
  onChanged,
  onRefused,
}: {
  readonly wId: string;
  readonly loaded: Loaded<ListInvitationsResponse>;
  readonly onChanged: () => void;
  readonly onRefused: (message: string | null) => void;
}) {
  const { members } = useApi();

  async function withdraw(invitationId: string) {
    onRefused(null);
    try {
      await members.revokeInvitation(wId, invitationId);
      onChanged();
    } catch (error) {
      onRefused(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="open-invitations" className={styles.section}>
      <h2 id="open-invitations">Open invitations</h2>
      {loaded.status !== 'ready' ? (
        <LoadedPending loaded={loaded} />
      ) : loaded.value.invitations.length === 0 ? (
        <p className="muted">No invitation is waiting.</p>
      ) : (
        <ul className={styles.rows} aria-label="Open invitations">
          {loaded.value.invitations.map((invitation) => (
            <li key={invitation.invitationId} className={styles.row} aria-label={invitation.email}>
              <div className={styles.who}>
                <strong>{invitation.email}</strong>
                <span className="muted">
                  As {invitation.role}, until {shortDate(invitation.expiresAt)}
                </span>
              </div>
              <div className={styles.actions}>
                <ConfirmAction
                  label="Withdraw"
                  accessibleName={`Withdraw the invitation of ${invitation.email}`}
                  question={`Withdraw the invitation of ${invitation.email}?`}
                  confirmLabel="Yes, withdraw"
                  onConfirm={() => withdraw(invitation.invitationId)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
