import type { UserQuestion } from '@app/contracts/events/tool-approval.events';
import type { ToolApproveExecutionFields } from '@app/contracts/http/agent-message-stream.types';
import type { BlockedAction } from '@app/contracts/http/tool-approval.types';

/**
 * A tool call that waits for someone's answer, as the answer's stream announced it: a yes or no
 * (`tool_approve_execution`), or, with `question`, the answer to the agent's question (`tool_ask_user_question`).
 */
export interface PendingApproval {
  readonly actionId: string;
  readonly toolName: string;
  readonly serverName: string;
  readonly agentName: string;
  readonly inputs: Record<string, unknown>;
  readonly stake: string;
  readonly question?: UserQuestion;
}

/** The pending approval (or question) an event announces, or a blocked-actions listing gives (the same fields). */
export function pendingApprovalOf(event: (ToolApproveExecutionFields & { readonly question?: UserQuestion }) | BlockedAction): PendingApproval {
  const { actionId, inputs, stake, metadata, question } = event;
  return { actionId, toolName: metadata.toolName, serverName: metadata.mcpServerName, agentName: metadata.agentName, inputs, stake, ...(question ? { question } : {}) };
}

/**
 * Whether "Always allow" may be offered: the api remembers it for low and medium stakes; a high
 * stake asks every time (its `always_approved` would approve this one call only).
 */
export function offersAlwaysAllow(stake: string): boolean {
  return stake === 'low' || stake === 'medium';
}
