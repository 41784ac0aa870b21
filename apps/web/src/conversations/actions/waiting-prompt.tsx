import { ApprovalPrompt } from './approval-prompt';
import type { PendingApproval } from './pending-approval';
import { QuestionPrompt } from './question-prompt';

/** What a tool call waiting for the person asks of them: the agent's question, or a yes or no for the call. */
export function WaitingPrompt({ approval, wId, cId, mId }: { readonly approval: PendingApproval; readonly wId: string; readonly cId: string; readonly mId: string }) {
  return approval.question ? (
    <QuestionPrompt actionId={approval.actionId} question={approval.question} agentName={approval.agentName} wId={wId} cId={cId} mId={mId} />
  ) : (
    <ApprovalPrompt approval={approval} wId={wId} cId={cId} mId={mId} />
  );
}
