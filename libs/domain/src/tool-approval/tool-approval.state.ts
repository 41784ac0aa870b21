import type { BlockedToolCall, ToolApprovalAnswer, UserQuestionAnswer } from '@app/contracts/events/tool-approval.events';

/** One call of the message that asked for approval, and how it was settled. */
export interface ApprovalEntry {
  readonly call: BlockedToolCall;
  readonly settled:
    | { readonly kind: 'answered'; readonly answer: ToolApprovalAnswer }
    | { readonly kind: 'question_answered'; readonly answer: UserQuestionAnswer }
    | { readonly kind: 'expired' }
    | null;
}

/** The approvals of one agent message, by action id, in the order they were asked. */
export interface ToolApprovalState {
  readonly entries: ReadonlyMap<string, ApprovalEntry>;
}

/** Calls still waiting for an answer. */
export function blockedCalls(state: ToolApprovalState): BlockedToolCall[] {
  return [...state.entries.values()].filter((entry) => entry.settled === null).map((entry) => entry.call);
}
