import type { JSONValue, LanguageModel, ModelMessage, ProviderMetadata } from 'ai';
import type { AgentStepContent } from '@app/contracts/events/conversation/agent-message-event-values';
import type { ReasoningEffort } from '@app/contracts/language-models/model.types';
import type { ToolCallResult, ToolContext, ToolOutputBlock, ToolRegistry } from '../tools/tool-registry.port';
import type { RunHistoryEntry } from './run-history';

/** What one agent run needs; no Nest, no storage: the runner assembles it. */
export interface AgentLoopInput {
  readonly model: LanguageModel;
  /** The agent's instructions (sent as the system prompt). */
  readonly system: string;
  /** The conversation so far, as AI SDK model messages. */
  readonly messages: ModelMessage[];
  readonly tools: ToolRegistry;
  readonly toolContext: ToolContext;
  /** Maximum number of model calls (steps); tool results are fed back until then. */
  readonly maxSteps: number;
  /** Portable effort for the SDK's `reasoning` setting; `none` sends nothing. */
  readonly reasoningEffort?: ReasoningEffort;
  /** Provider-specific options (see `reasoningProviderOptions`); they win over `reasoningEffort`. */
  readonly providerOptions?: Record<string, Record<string, JSONValue>>;
  readonly temperature?: number;
  /** Cancels the run; the loop returns `cancelled` promptly. */
  readonly abortSignal: AbortSignal;
  /** Limit for the whole run, tool calls included. */
  readonly timeoutMs?: number;
  /**
   * Limit for a silent model: no stream chunk for this long (tool execution excluded) fails the run.
   * Keep it above the SDK's retry backoff (2 s, then 4 s) when `maxRetries` > 0.
   */
  readonly idleTimeoutMs?: number;
  /** Retries of a failed model request (HTTP 429/5xx, network) before the run fails; default 2. */
  readonly maxRetries?: number;
  /** A run taken over where another runner left it: its history and the calls still to settle. */
  readonly resume?: AgentLoopResume;
}

/**
 * Where a run taken over stands: what its earlier runner produced (steps count on from there), the
 * usage of its finished steps, and the tool calls of its last step still without a result. The loop
 * settles those first, then calls the model with the history after the prompt.
 */
export interface AgentLoopResume {
  readonly history: readonly RunHistoryEntry[];
  readonly usage: AgentLoopUsage;
  readonly pending: readonly AgentLoopPendingCall[];
}

/** A tool call made before the takeover; `settle` obtains its result (waiting as long as it must). */
export interface AgentLoopPendingCall {
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
  readonly step: number;
  settle(signal: AbortSignal): Promise<ToolCallResult>;
}

/** Token usage summed over the steps of a run. */
export interface AgentLoopUsage {
  readonly inputTokens: number;
  /** Output tokens, reasoning included (that is how providers bill them). */
  readonly outputTokens: number;
  readonly reasoningTokens?: number;
  /** Input tokens read from the provider's prompt cache (part of `inputTokens`); per step only. */
  readonly cachedInputTokens?: number;
}

/** Something that happened during the run, pushed to the sink as it happens. */
export type AgentLoopEvent =
  | { readonly kind: 'text-delta'; readonly text: string; readonly step: number }
  | { readonly kind: 'reasoning-delta'; readonly text: string; readonly step: number }
  /** The provider's data on a reasoning block of the step (Anthropic's signature, sent as the block ends). */
  | { readonly kind: 'reasoning-metadata'; readonly step: number; readonly blockId: string; readonly providerMetadata: ProviderMetadata }
  | {
      readonly kind: 'tool-call';
      readonly callId: string;
      readonly name: string;
      readonly input: unknown;
      readonly step: number;
    }
  | {
      readonly kind: 'tool-result';
      readonly callId: string;
      readonly name: string;
      readonly input: unknown;
      readonly result: ToolCallResult;
      readonly step: number;
      readonly durationMs: number;
    }
  | {
      readonly kind: 'step-finished';
      readonly step: number;
      readonly text: string;
      readonly reasoning: string;
      readonly usage: AgentLoopUsage;
    };

/** Receives events in order; a returned promise is awaited (backpressure), a throw aborts the run. */
export type AgentLoopSink = (event: AgentLoopEvent) => void | Promise<void>;

/** The step contents a run produces are the ones its message records. */
export type { AgentStepContent } from '@app/contracts/events/conversation/agent-message-event-values';

/** A tool call the run executed (or that failed before executing), as recorded on the message. */
export interface AgentLoopAction {
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
  readonly step: number;
  readonly ok: boolean;
  readonly output: readonly ToolOutputBlock[];
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly durationMs: number;
  readonly serverId: string | null;
  readonly serverName: string | null;
}

/** Error codes of a failed run. */
export type AgentLoopErrorCode =
  | 'model_provider_error'
  | 'model_stream_error'
  | 'model_timeout'
  | 'tool_error'
  | 'tool_approval_expired'
  | 'unexpected_error';

/** Why a run failed, as it goes into `agent_error` / the message's `error`. */
export interface AgentLoopError {
  readonly code: AgentLoopErrorCode;
  readonly message: string;
  readonly metadata: Readonly<Record<string, JSONValue>> | null;
}

/** What the run produced so far; every outcome carries it (failed and cancelled runs still cost). */
export interface AgentLoopProgress {
  /** Text of every step, steps separated by a blank line. */
  readonly content: string;
  /** Reasoning of every step, steps separated by a blank line. */
  readonly chainOfThought: string;
  readonly contents: readonly AgentStepContent[];
  readonly actions: readonly AgentLoopAction[];
  readonly usage: AgentLoopUsage;
  /** Number of model calls started. */
  readonly steps: number;
}

/** How a run ended. Running out of steps is a success that says so. */
export type AgentLoopOutcome =
  | ({ readonly status: 'succeeded'; readonly stopReason: 'completed' | 'max_steps_reached' } & AgentLoopProgress)
  | ({ readonly status: 'failed'; readonly error: AgentLoopError } & AgentLoopProgress)
  | ({ readonly status: 'cancelled' } & AgentLoopProgress);
