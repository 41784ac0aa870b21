import type {
  AgentMessageOutcome,
  AgentSnapshot,
  AgentSnapshotScope,
  AgentSnapshotStatus,
  AgentToolCall,
  AgentToolCallStatus,
} from './conversation/agent-message-event-values';
import type { RunMessage } from './agent-run.events';
import type { JsonObject, MentionDisplay } from './conversation/conversation-event-values';

/**
 * Schema v1 → v2. Version 1 events embedded response shapes; version 2 records the facts behind
 * them. The v1 shapes below are what the v1 code wrote, kept here as history (they are not the
 * HTTP types of today, which may move on). Each rewrite leaves data already in the v2 shape as it
 * is, so an event stamped v1 by mistake still reads right.
 */

/** Stored event data, as upcasting sees it. */
export type StoredData = { readonly [key: string]: unknown };

/** A v1 wire agent configuration, as `AgentMessageCreated.configuration` held it. */
interface V1Configuration {
  readonly id: number;
  readonly sId: string;
  readonly version: number;
  /** ISO time; a number (epoch ms) only in data that was already v2, which upcasting leaves as is. */
  readonly versionCreatedAt: string | number | null;
  readonly versionAuthorId: number | null;
  readonly name: string;
  readonly description: string;
  readonly instructions: string | null;
  readonly pictureUrl: string;
  readonly status: string;
  readonly scope: string;
  readonly model: AgentSnapshot['model'];
  readonly maxStepsPerRun: number;
  readonly tags: AgentSnapshot['tags'];
  readonly templateId: string | null;
  readonly requestedSpaceIds?: readonly string[];
}

/** A v1 wire action (`id` absent while the tool ran: it was the params event's position). */
interface V1Action {
  readonly id?: number;
  readonly sId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly mcpServerId: string | null;
  readonly internalMCPServerName: string | null;
  readonly toolName: string;
  readonly agentMessageId: number;
  readonly functionCallId: string;
  readonly status: string;
  readonly params: JsonObject;
  readonly step: number;
  readonly executionDurationMs: number | null;
  readonly output: readonly JsonObject[] | null;
}

/** A v1 rich mention (display data plus per-viewer and approval fields, dropped in v2). */
interface V1RichMention {
  readonly id: string;
  readonly type: 'agent' | 'user';
  readonly label: string;
  readonly pictureUrl: string;
  readonly description: string;
}

/** The v1 wire agent message of `AgentRunSucceeded`, reduced to the fields v2 keeps. */
type V1AgentMessage = Omit<AgentMessageOutcome, 'toolCalls'> & {
  readonly id: number;
  readonly sId: string;
  readonly created: number;
  readonly rank: number;
  readonly version: number;
  readonly parentMessageId: string;
  readonly parentAgentMessageId: string | null;
  readonly configuration: V1Configuration;
  readonly skipToolsValidation: boolean;
  readonly actions?: readonly V1Action[];
};

/**
 * The one place stored v1 data gets its v1 type: the log is trusted (only the service writes it),
 * so upcasting reshapes without validating, as every reader of events does.
 */
function v1<T>(value: unknown): T {
  return value as T;
}

/** `UserMessagePosted` / `UserMessageEdited`: `richMentions` → `mentionDisplays` (display data only). */
export function userMessageV1ToV2(data: StoredData): StoredData {
  const { richMentions, ...rest } = data;
  if (richMentions === undefined) return rest;
  const mentions = v1<readonly V1RichMention[]>(richMentions);
  return {
    ...rest,
    mentionDisplays: mentions.map(({ id, type, label, pictureUrl, description }): MentionDisplay => ({ id, type, label, pictureUrl, description })),
  };
}

/** `AgentMessageCreated`: the wire light `configuration` → an agent snapshot (viewer fields dropped). */
export function agentMessageCreatedV1ToV2(data: StoredData): StoredData {
  return { ...data, configuration: agentSnapshotOfV1(v1<V1Configuration>(data.configuration)) };
}

/** `AgentMessageStatusChanged`: wire `actions` → `toolCalls`; `rawContents` are derived from `contents`. */
export function agentMessageStatusChangedV1ToV2(data: StoredData): StoredData {
  const { actions, rawContents: _derived, ...rest } = data;
  if (actions === undefined) return rest;
  return { ...rest, toolCalls: v1<readonly V1Action[]>(actions).map(toolCallOfV1) };
}

/**
 * `AgentToolParamsRecorded` / `AgentActionSucceeded` / `AgentActionFailed`: the wire `action` → the
 * `call`, and the message's numeric id it carried → `messagePosition`.
 */
export function agentActionV1ToV2(data: StoredData): StoredData {
  const { action, ...rest } = data;
  if (action === undefined) return rest;
  const wire = v1<V1Action>(action);
  return { ...rest, call: toolCallOfV1(wire), messagePosition: wire.agentMessageId };
}

/** `AgentRunSucceeded`: the whole wire `message` → the message's identity facts and the run's `outcome`. */
export function agentRunSucceededV1ToV2(data: StoredData): StoredData {
  if (data.outcome !== undefined) return data;
  const { message: wire, ...rest } = data;
  const m = v1<V1AgentMessage>(wire);
  const message: RunMessage = {
    messageId: m.sId,
    position: m.id,
    createdAt: m.created,
    rank: m.rank,
    version: m.version,
    parentMessageId: m.parentMessageId,
    parentAgentMessageId: m.parentAgentMessageId,
    configuration: agentSnapshotOfV1(m.configuration),
    skipToolsValidation: m.skipToolsValidation,
  };
  const outcome: AgentMessageOutcome = {
    content: m.content,
    chainOfThought: m.chainOfThought,
    error: m.error,
    toolCalls: (m.actions ?? []).map(toolCallOfV1),
    contents: m.contents,
    completionDurationMs: m.completionDurationMs,
    costCredits: m.costCredits,
    resolvedModel: m.resolvedModel,
    modelResolutionMethod: m.modelResolutionMethod,
    completedTs: m.completedTs,
  };
  return { ...rest, message, outcome };
}

function agentSnapshotOfV1(c: V1Configuration): AgentSnapshot {
  return {
    id: c.id,
    sId: c.sId,
    version: c.version,
    versionCreatedAt: epochMsOf(c.versionCreatedAt),
    versionAuthorId: c.versionAuthorId,
    name: c.name,
    description: c.description,
    instructions: c.instructions,
    pictureUrl: c.pictureUrl,
    status: snapshotStatusOf(c.status),
    scope: snapshotScopeOf(c.scope),
    model: { ...c.model },
    maxStepsPerRun: c.maxStepsPerRun,
    tags: c.tags.map((tag) => ({ sId: tag.sId, name: tag.name })),
    templateId: c.templateId,
    requestedSpaceIds: c.requestedSpaceIds ?? [],
  };
}

function epochMsOf(time: string | number | null): number | null {
  if (time === null || typeof time === 'number') return time;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? null : ms;
}

// v1 wrote an action's start as both `createdAt` and `updatedAt`; a running call has no end yet.
function toolCallOfV1(action: V1Action): AgentToolCall {
  const status = toolCallStatusOf(action.status);
  return {
    sId: action.sId,
    callId: action.functionCallId,
    toolName: action.toolName,
    serverId: action.mcpServerId,
    serverName: action.internalMCPServerName,
    params: action.params,
    step: action.step,
    status,
    calledAt: action.createdAt,
    endedAt: status === 'running' ? null : action.updatedAt,
    durationMs: action.executionDurationMs,
    output: action.output,
    // v1 gave id 0 to a call its run stream never saw.
    paramsPosition: action.id === undefined || action.id === 0 ? null : action.id,
  };
}

function toolCallStatusOf(status: string): AgentToolCallStatus {
  return status === 'running' || status === 'succeeded' ? status : 'errored';
}

function snapshotStatusOf(status: string): AgentSnapshotStatus {
  switch (status) {
    case 'draft':
    case 'archived':
    case 'disabled_by_admin':
      return status;
    default:
      // Only active agents could be mentioned.
      return 'active';
  }
}

function snapshotScopeOf(scope: string): AgentSnapshotScope {
  return scope === 'global' || scope === 'hidden' ? scope : 'visible';
}
