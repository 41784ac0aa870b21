import type { ToolApprovalAnswer } from '@app/contracts/events/tool-approval.events';
import { useId } from 'react';
import { useApi } from '../../api';
import { FormError } from '../../ui/form-error';
import styles from './agent-actions.module.css';
import { offersAlwaysAllow, type PendingApproval } from './pending-approval';
import { useWaitingAnswer } from './use-waiting-answer';

const ANSWERED: Record<ToolApprovalAnswer, string> = { approved: 'Approved', always_approved: 'Approved, and allowed from now on', rejected: 'Declined' };

interface PromptProps {
  readonly approval: PendingApproval;
  readonly wId: string;
  readonly cId: string;
  /** The agent message whose run waits. */
  readonly mId: string;
}

/**
 * A tool call that waits for the person: which tool, with which inputs, and their answer. The run
 * goes on once it is given, and the stream shows the rest; the prompt leaves when the call ends.
 */
export function ApprovalPrompt({ approval, wId, cId, mId }: PromptProps) {
  const { toolApprovals } = useApi();
  const { sending, answered, error, send } = useWaitingAnswer();
  const labelId = useId();

  const answer = (approved: ToolApprovalAnswer) => send(() => toolApprovals.validate(wId, cId, mId, { actionId: approval.actionId, approved }), ANSWERED[approved]);

  if (answered !== null) {
    return (
      <p className={styles.approvalAnswered} role="status">
        {answered}: {approval.toolName}
      </p>
    );
  }
  const inputs = Object.keys(approval.inputs).length === 0 ? null : JSON.stringify(approval.inputs, null, 2);
  return (
    <div className={styles.approval} role="group" aria-labelledby={labelId}>
      <p id={labelId} className={styles.approvalQuestion}>
        Allow {approval.agentName} to use <strong>{approval.toolName}</strong>
        {approval.serverName ? <> from {approval.serverName}</> : null}?
      </p>
      {inputs === null ? (
        <p className="muted">No inputs.</p>
      ) : (
        <>
          <p className={styles.stepLabel}>Inputs</p>
          <pre className={styles.code}>{inputs}</pre>
        </>
      )}
      <div className={styles.approvalButtons}>
        <button type="button" className="button button-small" disabled={sending} onClick={() => void answer('approved')}>
          Approve
        </button>
        <button type="button" className="button button-secondary button-small" disabled={sending} onClick={() => void answer('rejected')}>
          Reject
        </button>
        {offersAlwaysAllow(approval.stake) ? (
          <button type="button" className="button button-secondary button-small" disabled={sending} onClick={() => void answer('always_approved')}>
            Always allow
          </button>
        ) : null}
      </div>
      <FormError message={error} />
    </div>
  );
}
