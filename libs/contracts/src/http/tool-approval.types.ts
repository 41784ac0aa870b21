import type { ToolStake, UserQuestion } from '../events/tool-approval.events';

/** One blocked action of a conversation (dust-api §2.9). */
export interface BlockedAction {
  readonly messageId: string;
  readonly conversationId: string;
  readonly actionId: string;
  readonly inputs: Record<string, unknown>;
  readonly stake: ToolStake;
  /** `blocked_user_answer_required`: the call asks the user `question` (answered with `answer-question`). */
  readonly status: 'blocked_validation_required' | 'blocked_user_answer_required';
  readonly question?: UserQuestion;
  readonly metadata: {
    readonly agentName: string;
    readonly mcpServerName: string;
    readonly toolName: string;
    readonly mcpServerId?: string;
  };
}

export interface BlockedActionsResponse {
  readonly blockedActions: BlockedAction[];
}
