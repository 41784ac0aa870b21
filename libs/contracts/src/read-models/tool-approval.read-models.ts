import type { BlockedToolCall } from '../events/tool-approval.events';

/** One call an agent message asked a person about, and how it was settled (null: it still waits). */
export interface ToolApprovalEntry {
  readonly call: BlockedToolCall;
  readonly settled: 'answered' | 'expired' | null;
}

/**
 * Read model of the approvals of one agent message (`tool_approvals` collection, id = message
 * sId): every call it asked about, in the order asked.
 */
export interface ToolApprovalDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly messageId: string;
  readonly entries: readonly ToolApprovalEntry[];
}

/** The calls of a message still waiting for an answer, in the order asked. */
export function blockedCallsOf(doc: ToolApprovalDocument | null | undefined): BlockedToolCall[] {
  return (doc?.entries ?? []).filter((entry) => entry.settled === null).map((entry) => entry.call);
}
