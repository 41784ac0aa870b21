/**
 * Events of the approval stream of one agent message (`toolApproval-<messageId>`): each tool call
 * that needs a person's yes is recorded there as blocked, then validated (or expired). The stream is
 * apart from the run stream because the run stream accepts appends only from the runner holding
 * its claim, while a validation comes from a user request on any api instance.
 */

import { streamIdOf, streamNameOf } from './stream-name';

/** How much a tool call may change the world, hence whether a person approves it first. */
export type ToolStake = 'never_ask' | 'low' | 'medium' | 'high';

export const TOOL_STAKES = ['never_ask', 'low', 'medium', 'high'] as const satisfies readonly ToolStake[];

/**
 * Stakes an agent's builder sets: per server id (every tool of it) and per tool name (wins over
 * its server). Saved with the agent configuration.
 */
export interface ToolStakeSettings {
  readonly servers?: Readonly<Record<string, ToolStake>>;
  readonly tools?: Readonly<Record<string, ToolStake>>;
}

/** A user's answer to a blocked call (`validate-action`'s `approved`). */
export type ToolApprovalAnswer = 'approved' | 'rejected' | 'always_approved';

export const TOOL_APPROVAL_ANSWERS = ['approved', 'rejected', 'always_approved'] as const satisfies readonly ToolApprovalAnswer[];

/** Stream category of the approvals of agent messages. */
const TOOL_APPROVAL_STREAM_CATEGORY = 'toolApproval';

/** Stream of the approvals of one agent message. */
export function toToolApprovalStreamName(messageId: string): string {
  return streamNameOf(TOOL_APPROVAL_STREAM_CATEGORY, messageId);
}

/** The agent message sId of an approval stream name, or null for any other stream. */
export function fromToolApprovalStreamName(streamName: string): string | null {
  return streamIdOf(TOOL_APPROVAL_STREAM_CATEGORY, streamName);
}

/** A question an agent asks the user mid-run (`ask_user_question`), with the choices it offers. */
export interface UserQuestion {
  readonly question: string;
  readonly options: readonly { readonly label: string; readonly description: string | null }[];
  readonly multiSelect: boolean;
}

/** The user's answer to a question: the indices of the options chosen, and any words of their own. */
export interface UserQuestionAnswer {
  readonly selectedOptions: readonly number[];
  readonly customResponse?: string;
}

/**
 * A blocked call, as the blocked-actions listing and the `tool_approve_execution` event show it. A
 * call carrying a `question` waits for the user's answer to it (`answer-question`), not for a yes.
 */
export interface BlockedToolCall {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly messageId: string;
  /** The user the run acts for: the one who may answer. */
  readonly userId: string | null;
  /** The action's sId (`actionId` on the wire). */
  readonly actionId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly serverId: string | null;
  readonly serverName: string | null;
  readonly inputs: unknown;
  readonly stake: ToolStake;
  readonly question?: UserQuestion;
}

export interface ToolApprovalRequested {
  readonly type: 'ToolApprovalRequested';
  readonly data: BlockedToolCall & { readonly at: number };
}

export interface ToolApprovalGiven {
  readonly type: 'ToolApprovalGiven';
  readonly data: { readonly actionId: string; readonly answer: ToolApprovalAnswer; readonly userId: string | null; readonly at: number };
}

/** Nobody answered within the configured wait: the call is refused and the run fails. */
export interface ToolApprovalExpired {
  readonly type: 'ToolApprovalExpired';
  readonly data: { readonly actionId: string; readonly at: number };
}

/** The user answered the question a blocked call asked: the run goes on with the answer as the call's result. */
export interface UserQuestionAnswered {
  readonly type: 'UserQuestionAnswered';
  readonly data: { readonly actionId: string; readonly answer: UserQuestionAnswer; readonly userId: string | null; readonly at: number };
}

export type ToolApprovalEvent = ToolApprovalRequested | ToolApprovalGiven | ToolApprovalExpired | UserQuestionAnswered;

export const TOOL_APPROVAL_EVENT_TYPES = [
  'ToolApprovalRequested',
  'ToolApprovalGiven',
  'ToolApprovalExpired',
  'UserQuestionAnswered',
] as const satisfies readonly ToolApprovalEvent['type'][];

export function isToolApprovalEvent(event: { readonly type: string; readonly data: unknown }): event is ToolApprovalEvent {
  return (TOOL_APPROVAL_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Stream of the tools one user always approves in a workspace (`always_approved`, remembered). */
export function toToolApprovalMemoryStreamName(workspaceId: string, userId: string): string {
  return streamNameOf('toolApprovalMemory', `${workspaceId}.${userId}`);
}

/** The user answered `always_approved` for this tool: later calls of it run without asking. */
export interface ToolAlwaysApproved {
  readonly type: 'ToolAlwaysApproved';
  readonly data: { readonly toolKey: string; readonly at: number };
}
