import type { AgentMessageError, AgentMessageOutcome, AgentToolCall } from './conversation/agent-message-event-values';
import type { AgentMessageCreated } from './conversation/conversation-message.events';
import { streamIdOf, streamNameOf } from './stream-name';
import type { BlockedToolCall } from './tool-approval.events';

/**
 * Events of the per-message stream `agent_message-<sId>`, written by the agent runner while it
 * answers one agent message. The stream is what the message events SSE endpoint serves (an event's
 * stream revision is its SSE `eventId`), so it is resumable and visible to every api instance.
 *
 * Life of a stream: `AgentRunStarted` (revision 0, appended with expected `no_stream`: the claim,
 * so only one runner answers a message), then tokens, tool actions and lease extensions, then
 * exactly one terminal event. Every later append uses the exact expected revision, so a runner whose
 * claim was taken over (lease expired, recovered elsewhere) fails its next append and stops.
 * A stream may also hold a terminal event alone, when a message is settled without being run
 * (cancelled before any runner claimed it). A run waiting on a tool call (`AgentToolCallWaiting`)
 * whose claim lapses is taken over (`AgentRunResumed`) and goes on where it stopped.
 */

/** Stream category of agent message runs. */
export const AGENT_MESSAGE_STREAM_CATEGORY = 'agent_message';

/** Name of the run stream of an agent message: `agent_message-<sId>`. */
export function toAgentMessageStreamName(messageId: string): string {
  return streamNameOf(AGENT_MESSAGE_STREAM_CATEGORY, messageId);
}

/** The agent message sId of a run stream name, or null for any other stream. */
export function fromAgentMessageStreamName(streamName: string): string | null {
  return streamIdOf(AGENT_MESSAGE_STREAM_CATEGORY, streamName);
}

/** A runner claimed the message. `leaseUntil` (epoch ms) is when others may consider it dead. */
export interface AgentRunStarted {
  readonly type: 'AgentRunStarted';
  readonly data: {
    readonly messageId: string;
    readonly conversationId: string;
    readonly workspaceId: string;
    readonly configurationId: string;
    readonly runnerId: string;
    readonly leaseUntil: number;
    readonly at: number;
  };
}

/** The claiming runner is alive and pushes its lease further. */
export interface AgentRunLeaseExtended {
  readonly type: 'AgentRunLeaseExtended';
  readonly data: { readonly runnerId: string; readonly leaseUntil: number; readonly at: number };
}

/** Which channel generated text belongs to (answer or reasoning). */
export type AgentTokenClassification = 'tokens' | 'chain_of_thought';

/** Text the model generated, coalesced (a few tens of milliseconds or a few hundred characters). */
export interface AgentTokensGenerated {
  readonly type: 'AgentTokensGenerated';
  readonly data: {
    readonly text: string;
    readonly classification: AgentTokenClassification;
    /** 0-based model call within the run. */
    readonly step: number;
    readonly at: number;
  };
}

/**
 * The agent message a run answers, as its stream's payloads show it: copied from the message's
 * `AgentMessageCreated` when the run ends, so the stream serves its last payload without reading
 * the conversation.
 */
export type RunMessage = Pick<
  AgentMessageCreated['data'],
  'messageId' | 'rank' | 'version' | 'parentMessageId' | 'parentAgentMessageId' | 'configuration' | 'skipToolsValidation'
> & {
  /** Global position of the message's `AgentMessageCreated`: the message's numeric id. */
  readonly position: number;
  /** When the message was created (epoch ms). */
  readonly createdAt: number;
};

/** The run message of an agent message, from its creation event at a global position. */
export function runMessageOf(created: AgentMessageCreated, position: number): RunMessage {
  const d = created.data;
  return {
    messageId: d.messageId,
    position,
    createdAt: d.at,
    rank: d.rank,
    version: d.version,
    parentMessageId: d.parentMessageId,
    parentAgentMessageId: d.parentAgentMessageId,
    configuration: d.configuration,
    skipToolsValidation: d.skipToolsValidation,
  };
}

/** What every tool call event records: the call as it now stands, the message making it, and when. */
export type ToolCallData = { readonly call: AgentToolCall; readonly messagePosition: number; readonly at: number };

/**
 * The model called a tool with these parameters; the tool is about to run. `call.status` is
 * `running` and `call.paramsPosition` null: this event's own global position is the call's
 * numeric id. `messagePosition` is the numeric id of the message making the call. Since schema v2
 * (v1 held a wire action under `action`).
 */
export interface AgentToolParamsRecorded {
  readonly type: 'AgentToolParamsRecorded';
  readonly data: ToolCallData;
}

/** A tool call finished and its output went back to the model. Since schema v2 (`call`, was `action`). */
export interface AgentActionSucceeded {
  readonly type: 'AgentActionSucceeded';
  readonly data: ToolCallData;
}

/**
 * A tool call failed (unknown tool, bad input, the tool reported an error); the model was told and
 * carries on, so this is not the end of the run. `call.status` is `errored`. Since schema v2.
 */
export interface AgentActionFailed {
  readonly type: 'AgentActionFailed';
  readonly data: ToolCallData;
}

/**
 * A tool call waits for a person's approval (`tool_approve_execution` on the message stream); its
 * answer is recorded on the message's approval stream, which the run follows.
 */
export interface AgentToolApprovalRequested {
  readonly type: 'AgentToolApprovalRequested';
  readonly data: { readonly call: BlockedToolCall; readonly agentName: string; readonly at: number };
}

/** What a waiting tool call waits for: a person's answer, or a client-side MCP server's response. */
export type AgentToolCallWait =
  | { readonly kind: 'approval'; readonly actionId: string }
  | {
      readonly kind: 'mcp_result';
      readonly workspaceId: string;
      readonly userId: string;
      readonly serverId: string;
      /** The JSON-RPC request id of the `tools/call` sent to the server. */
      readonly requestId: string;
    };

/**
 * A tool call of the run waits for something outside the process (a person, a client-side server).
 * With it the run stream holds all a runner needs to take the run over after a restart: the calls
 * and text recorded so far, and what to wait for; `at` is when the wait began (timeouts count from
 * it), `usage` what the model calls of the run cost until then.
 */
export interface AgentToolCallWaiting {
  readonly type: 'AgentToolCallWaiting';
  readonly data: {
    /** The call as the model made it (its parameters event may come after this one, or never). */
    readonly call: { readonly callId: string; readonly name: string; readonly input: unknown; readonly step: number };
    readonly wait: AgentToolCallWait;
    readonly usage: { readonly inputTokens: number; readonly outputTokens: number; readonly reasoningTokens?: number };
    /**
     * The provider's own data on each reasoning block of the run so far, in order (Anthropic's
     * thinking signature): a provider that checks it gets the reasoning back with it when the run
     * is taken over. Absent from waits recorded before it was kept, and when there is none.
     */
    readonly reasoning?: readonly ReasoningBlockMetadata[];
    readonly at: number;
  };
}

/** What the provider said about one reasoning block of a step, as the AI SDK hands it over. */
export interface ReasoningBlockMetadata {
  /** 0-based model call within the run. */
  readonly step: number;
  /** The AI SDK's provider metadata of the block's end (`{ anthropic: { signature } }`). */
  readonly providerMetadata: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * The wait of a tool call is over and the call goes on (an approved tool runs now). A call whose
 * wait ended without a result was running when its runner stopped: it is never run again.
 */
export interface AgentToolCallWaitEnded {
  readonly type: 'AgentToolCallWaitEnded';
  readonly data: { readonly callId: string; readonly at: number };
}

/**
 * A runner took over a waiting run whose claim lapsed (its runner stopped or died): a claim like
 * `AgentRunStarted`, appended at the exact revision it read, so one runner among all replicas wins.
 */
export interface AgentRunResumed {
  readonly type: 'AgentRunResumed';
  readonly data: { readonly runnerId: string; readonly leaseUntil: number; readonly at: number };
}

/** A runner shutting down gave up its claim on a waiting run, so the next runner takes it over at once. */
export interface AgentRunReleased {
  readonly type: 'AgentRunReleased';
  readonly data: { readonly runnerId: string; readonly at: number };
}

/**
 * The run ended with an answer: the message it answers and the outcome the conversation recorded
 * for it. Since schema v2 (v1 held the whole wire message under `message`).
 */
export interface AgentRunSucceeded {
  readonly type: 'AgentRunSucceeded';
  readonly data: { readonly message: RunMessage; readonly outcome: AgentMessageOutcome; readonly at: number };
}

/** The run ended in error (provider, timeout, tools, configuration, interrupted run). */
export interface AgentRunFailed {
  readonly type: 'AgentRunFailed';
  readonly data: { readonly error: AgentMessageError; readonly at: number };
}

/** The run was cancelled (by a user, or the message was cancelled before it ran). */
export interface AgentRunCancelled {
  readonly type: 'AgentRunCancelled';
  readonly data: { readonly at: number };
}

/**
 * One model call of the run finished: its tokens and what they cost at the price the deployment
 * had for the model then, so later price changes never rewrite history. The cost ledger reads these
 * (written as each step ends, a run in progress already counts); the message's `costCredits` is the
 * same sum. The run's workspace, conversation, agent and author ride along so the ledger needs no
 * other stream to attribute the call.
 */
export interface AgentModelCallRecorded {
  readonly type: 'AgentModelCallRecorded';
  readonly data: {
    /** 0-based model call within the run. */
    readonly step: number;
    readonly workspaceId: string;
    readonly conversationId: string;
    readonly agentId: string;
    /** The agent's name and picture when it ran, for the ledger's breakdown by agent. */
    readonly agentName: string;
    readonly agentPictureUrl: string;
    /** Author of the user message the run answers; null for messages without one. */
    readonly userId: string | null;
    readonly providerId: string;
    readonly modelId: string;
    readonly usage: ModelCallUsage;
    /** Cost in millionths of a credit (tokens × credits per million tokens), exact. */
    readonly costMicroCredits: number;
    readonly at: number;
  };
}

/** Tokens of one model call; cached and reasoning counts only where the provider reports them. */
export interface ModelCallUsage {
  readonly inputTokens: number;
  /** Output tokens, reasoning included. */
  readonly outputTokens: number;
  readonly reasoningTokens?: number;
  /** Input tokens the provider read from its prompt cache (part of `inputTokens`). */
  readonly cachedInputTokens?: number;
}

/** Every event of an agent message run stream. */
export type AgentRunEvent =
  | AgentRunStarted
  | AgentRunLeaseExtended
  | AgentTokensGenerated
  | AgentToolParamsRecorded
  | AgentActionSucceeded
  | AgentActionFailed
  | AgentToolApprovalRequested
  | AgentToolCallWaiting
  | AgentToolCallWaitEnded
  | AgentModelCallRecorded
  | AgentRunResumed
  | AgentRunReleased
  | AgentRunSucceeded
  | AgentRunFailed
  | AgentRunCancelled;

/** Type names of the agent run events. */
export type AgentRunEventType = AgentRunEvent['type'];

/** All agent run event types. */
export const AGENT_RUN_EVENT_TYPES = [
  'AgentRunStarted',
  'AgentRunLeaseExtended',
  'AgentTokensGenerated',
  'AgentToolParamsRecorded',
  'AgentActionSucceeded',
  'AgentActionFailed',
  'AgentRunSucceeded',
  'AgentRunFailed',
  'AgentRunCancelled',
  'AgentToolApprovalRequested',
  'AgentToolCallWaiting',
  'AgentToolCallWaitEnded',
  'AgentRunResumed',
  'AgentRunReleased',
  'AgentModelCallRecorded',
] as const satisfies readonly AgentRunEventType[];

/** The events that end a run stream (exactly one per stream). */
export const AGENT_RUN_TERMINAL_EVENT_TYPES = ['AgentRunSucceeded', 'AgentRunFailed', 'AgentRunCancelled'] as const;

/** A terminal run event. */
export type AgentRunTerminalEvent = AgentRunSucceeded | AgentRunFailed | AgentRunCancelled;

const AGENT_RUN_EVENT_TYPE_SET: ReadonlySet<string> = new Set(AGENT_RUN_EVENT_TYPES);
const TERMINAL_TYPE_SET: ReadonlySet<string> = new Set(AGENT_RUN_TERMINAL_EVENT_TYPES);

/** Narrows a stored `{type, data}` to an agent run event (by type; data is trusted once upcast). */
export function isAgentRunEvent(e: { type: string; data: unknown }): e is AgentRunEvent {
  return AGENT_RUN_EVENT_TYPE_SET.has(e.type) && typeof e.data === 'object' && e.data !== null;
}

/** Whether an agent run event ends its stream. */
export function isAgentRunTerminal(e: { type: string }): boolean {
  return TERMINAL_TYPE_SET.has(e.type);
}
