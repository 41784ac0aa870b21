import type { AgentMessageError, AgentMessageOutcome, AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import { runMessageOf, type AgentRunTerminalEvent } from '@app/contracts/events/agent-run.events';
import {
  isConversationEvent,
  type AgentMessageCreated,
  type AgentMessageStatusChanged,
  type ConversationEvent,
} from '@app/contracts/events/conversation/conversation.events';
import { costCredits } from '../loop/agent-cost';
import type { AgentLoopProgress } from '../loop/agent-loop.types';
import { resolvedModelOf, type RunModel } from './run-model';
import { assertNever } from '@app/contracts/assert-never';

/** A final status of an agent message. */
export type FinalStatus = 'succeeded' | 'failed' | 'cancelled';

/** How a run ended, before it is recorded. */
export interface RunResult {
  readonly status: FinalStatus;
  readonly error: AgentMessageError | null;
  /** What the model produced; null when the run failed before calling it. */
  readonly progress: AgentLoopProgress | null;
}

/** Error recorded for a run whose runner died or shut down before it finished. */
export function interruptedError(reason: 'shutdown' | 'lease_expired'): AgentMessageError {
  return {
    code: 'agent_run_interrupted',
    message:
      reason === 'shutdown'
        ? 'The server stopped while the agent was answering. Retry the message.'
        : 'The agent run was interrupted (the server running it stopped) before it finished. Retry the message.',
    metadata: null,
  };
}

/** The outcome fields recorded on the conversation for a run. */
export function outcomeOf(
  result: RunResult,
  model: RunModel | null,
  toolCalls: readonly AgentToolCall[],
  timing: { readonly completedTs: number; readonly durationMs: number | null },
): AgentMessageOutcome {
  const progress = result.progress;
  const billable = progress !== null && (progress.usage.inputTokens > 0 || progress.usage.outputTokens > 0);
  return {
    content: progress === null ? null : result.status === 'succeeded' ? progress.content : progress.content || null,
    chainOfThought: progress?.chainOfThought || null,
    error: result.error,
    toolCalls,
    contents: progress?.contents ?? [],
    completionDurationMs: timing.durationMs,
    costCredits: billable && model?.entry ? costCredits(progress.usage, model.entry) : null,
    resolvedModel: model ? resolvedModelOf(model) : null,
    modelResolutionMethod: model?.method ?? null,
    completedTs: timing.completedTs,
  };
}

/** The status change the conversation decider would record for this outcome (same fields). */
export function statusChangeFor(
  created: AgentMessageCreated,
  status: FinalStatus,
  outcome: AgentMessageOutcome,
  at: number,
): AgentMessageStatusChanged {
  const defined = Object.fromEntries(Object.entries(outcome).filter(([, value]) => value !== undefined));
  return {
    type: 'AgentMessageStatusChanged',
    data: {
      ...defined,
      conversationId: created.data.conversationId,
      workspaceId: created.data.workspaceId,
      at,
      messageId: created.data.messageId,
      configurationId: created.data.configuration.sId,
      status,
      completedTs: outcome.completedTs ?? at,
    },
  };
}

/** The run stream's terminal event matching the status the conversation recorded. */
export function terminalFor(
  created: AgentMessageCreated,
  createdPosition: number,
  change: AgentMessageStatusChanged,
): AgentRunTerminalEvent {
  const { conversationId: _c, workspaceId: _w, at, messageId: _m, status, configurationId: _a, ...outcome } = change.data;
  switch (status) {
    case 'succeeded':
    case 'created':
      return { type: 'AgentRunSucceeded', data: { message: runMessageOf(created, createdPosition), outcome, at } };
    case 'failed':
      return {
        type: 'AgentRunFailed',
        data: {
          error: outcome.error ?? { code: 'unexpected_error', message: 'The agent run failed.', metadata: null },
          at,
        },
      };
    case 'cancelled':
      return { type: 'AgentRunCancelled', data: { at } };
    default:
      return assertNever(status);
  }
}

/** The last final status change of a message among a conversation's events. */
export function lastFinalStatusChange(
  events: readonly { type: string; data: unknown }[],
  messageId: string,
): AgentMessageStatusChanged | null {
  let found: AgentMessageStatusChanged | null = null;
  for (const event of events) {
    if (!isConversationEvent(event)) continue;
    const e: ConversationEvent = event;
    if (e.type === 'AgentMessageStatusChanged' && e.data.messageId === messageId && e.data.status !== 'created') {
      found = e;
    }
  }
  return found;
}
