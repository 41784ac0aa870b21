import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { MemberSummary } from '@app/contracts/http/member.types';
import { useState } from 'react';
import { useApi } from '../api';
import { useSignedInSession } from '../session/session-context';
import { errorMessage } from '../ui/error-message';
import styles from './administration.module.css';
import { ConfirmAction } from './confirm-action';
import { shortDate } from './use-loaded';
import { RoleSelect } from './role-select';

/**
 * One member: who, their role (a select and Change, so moving through the options by keyboard does
 * not send a role per key press), when they joined, and Remove. The page checks nothing itself:
 * the api refuses demoting or removing the last admin, and its words are shown.
 */
export function MemberRow({
  wId,
  member,
  onChanged,
  onRefused,
}: {
  readonly wId: string;
  readonly member: MemberSummary;
  readonly onChanged: () => void;
  readonly onRefused: (message: string | null) => void;
}) {
  const { members } = useApi();
  const { user } = useSignedInSession();
  const [role, setRole] = useState<WorkspaceRole>(member.role);
  const [busy, setBusy] = useState(false);
  const name = member.fullName || member.email;

  async function changeRole() {
    setBusy(true);
    onRefused(null);
    try {
      await members.changeRole(wId, member.sId, role);
      onChanged();
    } catch (error) {
      onRefused(errorMessage(error));
      setRole(member.role);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    onRefused(null);
    try {
      await members.remove(wId, member.sId);
      onChanged();
    } catch (error) {
      onRefused(errorMessage(error));
    }
  }

  return (
    <li className={styles.row} aria-label={name}>
      <div className={styles.who}>
        <strong>
          {name}
          {member.sId === user.sId ? ' (you)' : ''}
        </strong>
        <span className="muted">{member.email}</span>
        <span className="muted">Joined {shortDate(member.joinedAt)}</span>
      </div>
      <div className={styles.actions}>
<RoleSelect className="text-input" aria-label={`Role of ${name}`} value={role} onChange={setRole} />
        <button type="button" className="button button-small" aria-label={`Change role of ${name}`} disabled={busy || role === member.role} onClick={changeRole}>
          Change
        </button>
        <ConfirmAction label="Remove" accessibleName={`Remove ${name}`} question={`Remove ${name} from the workspace?`} confirmLabel="Yes, remove" onConfirm={remove} />
      </div>
    </li>
  );
}
