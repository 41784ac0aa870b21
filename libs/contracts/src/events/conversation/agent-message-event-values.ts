import type { AgentProfile } from '../agent-configuration.events';
import type { JsonObject } from './conversation-event-values';
import type { ReasoningEffort } from '../../language-models/model.types';

/**
 * Facts recorded about agent messages and their runs: the agent as it was when mentioned, the tool
 * calls and step contents of a run, its error and model. Wire shapes (light configuration, actions
 * with numeric ids, raw contents) are renderings of these, built in `render/`.
 */

/** Model settings of an agent when it was mentioned. */
export type AgentSnapshotModel = {
  readonly providerId: string;
  readonly modelId: string;
  readonly temperature: number;
  readonly reasoningEffort?: ReasoningEffort;
};

/** Status of an agent when it was mentioned (only active agents can be, but the record says). */
export type AgentSnapshotStatus = 'active' | 'draft' | 'pending' | 'archived' | 'disabled_by_admin';

/** Scope of an agent: built in (`global`), published (`visible`) or `hidden`. */
export type AgentSnapshotScope = 'global' | 'visible' | 'hidden';

/**
 * The agent as it was when a message mentioned it: the version that answers, whatever happens to
 * the agent later. Nothing here depends on who looks (favorites, edit rights are rendered per viewer).
 */
export type AgentSnapshot = AgentProfile & {
  /** Numeric id of the version: global position of the event that saved it; negative for built-in agents. */
  readonly id: number;
  readonly sId: string;
  readonly version: number;
  /** When the version was saved (epoch ms); null for built-in agents. */
  readonly versionCreatedAt: number | null;
  /** Numeric id of the member who saved the version, if any. */
  readonly versionAuthorId: number | null;
  readonly status: AgentSnapshotStatus;
  readonly scope: AgentSnapshotScope;
  readonly model: AgentSnapshotModel;
  /**
   * The tools the version may call (its `toolset`), so the run uses the agent as mentioned. Absent
   * in messages recorded before snapshots carried it: the run reads the agent's current toolset.
   */
  readonly toolset?: readonly string[];
};

/** Status of an agent message. */
export type AgentMessageStatus = 'created' | 'succeeded' | 'failed' | 'cancelled';

/** Why an agent message failed. */
export type AgentMessageError = {
  readonly code: string;
  readonly message: string;
  readonly metadata: JsonObject | null;
};

/** The model that actually answered. */
export type ResolvedModel = {
  readonly providerId: string;
  readonly modelId: string;
  readonly reasoningEffort: string | null;
};

/** How the model of an agent message was chosen. */
export type ModelResolutionMethod = 'agent' | 'user' | 'auto' | 'auto_fast' | 'auto_complex' | 'fair_use_downgrade';

/** One item a model produced in a step: text, reasoning (with the provider's handle) or a tool call. */
export type AgentContent =
  | { readonly type: 'text_content'; readonly value: string }
  | {
      readonly type: 'reasoning';
      readonly value: {
        readonly reasoning: string;
        /** Provider metadata of the reasoning block as JSON (e.g. OpenAI's item id), `{}` when none. */
        readonly metadata: string;
        readonly tokens: number;
        readonly provider: string;
      };
    }
  | {
      readonly type: 'function_call';
      /** `arguments` is the JSON text of the call's input. */
      readonly value: { readonly id: string; readonly name: string; readonly arguments: string };
    };

/** A content item and the step (0-based model call) that produced it. */
export type AgentStepContent = { readonly step: number; readonly content: AgentContent };

/** Where a tool call stands: running, or how it ended (`denied`: a person declined it; earlier records say `errored`). */
export type AgentToolCallStatus = 'running' | 'succeeded' | 'errored' | 'denied';

/**
 * A tool the model called during a run. The wire action's numeric `id` is the global position of
 * the call's `AgentToolParamsRecorded` event (`paramsPosition` once known), and its `agentMessageId`
 * the message's own id: both are added when rendering.
 */
export type AgentToolCall = {
  readonly sId: string;
  /** The model's id for the call (`functionCallId` on the wire). */
  readonly callId: string;
  readonly toolName: string;
  /** Tool server that served the call (`mcpServerId`), and its name (`internalMCPServerName`). */
  readonly serverId: string | null;
  readonly serverName: string | null;
  readonly params: JsonObject;
  readonly step: number;
  readonly status: AgentToolCallStatus;
  /** When the model called the tool (epoch ms). */
  readonly calledAt: number;
  /** When the tool answered (epoch ms); null while it runs. */
  readonly endedAt: number | null;
  readonly durationMs: number | null;
  /** Output blocks of the tool; null while it runs. */
  readonly output: readonly JsonObject[] | null;
  /** Global position of the call's `AgentToolParamsRecorded`; null before it is known or when the call never reached the run stream. */
  readonly paramsPosition: number | null;
};

/** Outcome of an agent run, recorded with the final status. */
export type AgentMessageOutcome = {
  readonly content?: string | null;
  readonly chainOfThought?: string | null;
  readonly error?: AgentMessageError | null;
  readonly toolCalls?: readonly AgentToolCall[];
  readonly contents?: readonly AgentStepContent[];
  readonly completionDurationMs?: number | null;
  readonly costCredits?: number | null;
  readonly resolvedModel?: ResolvedModel | null;
  readonly modelResolutionMethod?: ModelResolutionMethod | null;
  readonly completedTs?: number | null;
};
