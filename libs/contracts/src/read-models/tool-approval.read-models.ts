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
  /**
   * The member a call still waits for (the one the run acts for), null when none waits: what lists
   * a person's waiting calls across conversations without reading every message's approvals.
   */
  readonly waitingFor: string | null;
}

/** Who the message's unsettled calls wait for, if any does. */
export function waitingForOf(entries: readonly ToolApprovalEntry[]): string | null {
  return entries.find((entry) => entry.settled === null)?.call.userId ?? null;
}

/** The calls of a message still waiting for an answer, in the order asked. */
export function blockedCallsOf(doc: ToolApprovalDocument | null | undefined): BlockedToolCall[] {
  return (doc?.entries ?? []).filter((entry) => entry.settled === null).map((entry) => entry.call);
}
