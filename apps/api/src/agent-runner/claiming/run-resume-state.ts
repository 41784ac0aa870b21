import { isAgentRunEvent, isAgentRunTerminal, type AgentToolCallWait, type ReasoningBlockMetadata } from '@app/contracts/events/agent-run.events';
import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { RecordedEvent } from '@app/storage';
import type { AgentLoopUsage } from '../loop/agent-loop.types';
import { blocksToText } from '../loop/registry-tool-set';
import { withReasoningMetadata, type RunHistoryEntry } from '../loop/run-history';
import type { ToolCallResult, ToolOutputBlock } from '../tools/tool-registry.port';

/** A tool call as its `AgentToolParamsRecorded` recorded it, with that event's global position. */
export interface RecordedToolCall {
  readonly call: AgentToolCall;
  readonly paramsPosition: number;
}

/** A call of the last step without a result: what it waits for (null: it was running), and since when. */
export interface PendingToolCall {
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
  readonly step: number;
  readonly wait: AgentToolCallWait | null;
  readonly since: number;
}

/**
 * What a run stream recorded before its runner stopped: what a runner needs to take over a run that
 * was waiting, and what the message keeps of a run failed as interrupted.
 */
export interface RecordedRun {
  readonly history: readonly RunHistoryEntry[];
  /** Usage of the model calls before the wait. */
  readonly usage: AgentLoopUsage;
  /** The provider's data on the reasoning blocks before the wait, which the history's reasoning carries. */
  readonly reasoning: readonly ReasoningBlockMetadata[];
  /** Every call whose parameters were recorded (with or without a result). */
  readonly calls: readonly RecordedToolCall[];
  /** Calls that ended, as their end event recorded them. */
  readonly finished: readonly AgentToolCall[];
  readonly pending: readonly PendingToolCall[];
  /** Revision of the stream's last event: a takeover appends its claim right after it. */
  readonly lastRevision: number;
  /** When the last claim lapses (epoch ms; 0 once released). */
  readonly leaseUntil: number;
}

/** A run that was waiting when its runner stopped, which another runner takes over. */
export type RunResumeState = RecordedRun;

const NO_USAGE: AgentLoopUsage = { inputTokens: 0, outputTokens: 0 };

/**
 * Folds a run stream (upcast events, in order) into the state a runner resumes it from, or null
 * when the run cannot be resumed: it ended, or it was not waiting (tokens were streaming, a tool was
 * running), and is failed as interrupted instead. A run is waiting when a call of its last step has
 * an open wait (`AgentToolCallWaiting` with neither a result nor `AgentToolCallWaitEnded` after it).
 */
export function resumeStateOf(events: readonly RecordedEvent[]): RunResumeState | null {
  const run = recordedRunOf(events);
  if (run === null) return null;
  const lastStep = Math.max(-1, ...run.history.map((entry) => entry.step));
  const waiting = run.pending.some((call) => call.wait !== null);
  // A call left behind in an earlier step means the run moved on without it: nothing to resume.
  if (!waiting || run.pending.some((call) => call.step !== lastStep)) return null;
  return run;
}

/** Folds a run stream (upcast events, in order) into what it recorded, or null once it ended. */
export function recordedRunOf(events: readonly RecordedEvent[]): RecordedRun | null {
  const history: RunHistoryEntry[] = [];
  // Every call the run made, from its parameters event or its wait, whichever came first.
  const made = new Map<string, Omit<PendingToolCall, 'wait' | 'since'> & { calledAt: number }>();
  const remember = (call: { callId: string; name: string; input: unknown; step: number }, calledAt: number) => {
    if (made.has(call.callId)) return;
    made.set(call.callId, { ...call, calledAt });
    history.push({ kind: 'call', ...call });
  };
  const calls = new Map<string, RecordedToolCall>();
  const finished = new Map<string, AgentToolCall>();
  const waits = new Map<string, { wait: AgentToolCallWait; since: number }>();
  let usage = NO_USAGE;
  let reasoning: readonly ReasoningBlockMetadata[] = [];
  let leaseUntil = 0;
  let lastRevision = -1;
  for (const event of events) {
    lastRevision = event.revision;
    if (!isAgentRunEvent(event)) continue;
    if (isAgentRunTerminal(event)) return null;
    switch (event.type) {
      case 'AgentRunStarted':
      case 'AgentRunLeaseExtended':
      case 'AgentRunResumed':
        leaseUntil = event.data.leaseUntil;
        break;
      case 'AgentRunReleased':
        leaseUntil = 0;
        break;
      case 'AgentTokensGenerated': {
        const kind = event.data.classification === 'tokens' ? 'text' : 'reasoning';
        const last = history.at(-1);
        if (last && last.kind === kind && last.step === event.data.step) history[history.length - 1] = { ...last, text: last.text + event.data.text };
        else history.push({ kind, step: event.data.step, text: event.data.text });
        break;
      }
      case 'AgentToolParamsRecorded': {
        const { call } = event.data;
        calls.set(call.callId, { call, paramsPosition: event.position });
        remember({ callId: call.callId, name: call.toolName, input: call.params, step: call.step }, call.calledAt);
        break;
      }
      case 'AgentActionSucceeded':
      case 'AgentActionFailed': {
        const { call } = event.data;
        finished.set(call.callId, call);
        waits.delete(call.callId);
        history.push({ kind: 'result', step: call.step, callId: call.callId, name: call.toolName, input: call.params, ...resultOf(call) });
        break;
      }
      case 'AgentToolCallWaiting':
        remember(event.data.call, event.data.at);
        waits.set(event.data.call.callId, { wait: event.data.wait, since: event.data.at });
        usage = event.data.usage;
        reasoning = event.data.reasoning ?? [];
        break;
      case 'AgentToolCallWaitEnded':
        waits.delete(event.data.callId);
        break;
      case 'AgentToolApprovalRequested':
        break;
    }
  }
  const pending = [...made.values()]
    .filter((call) => !finished.has(call.callId))
    .map(({ calledAt, ...call }): PendingToolCall => {
      const open = waits.get(call.callId);
      return { ...call, wait: open?.wait ?? null, since: open?.since ?? calledAt };
    });
  return {
    history: withReasoningMetadata(history, reasoning),
    usage,
    reasoning,
    calls: [...calls.values()],
    finished: [...finished.values()],
    pending,
    lastRevision,
    leaseUntil,
  };
}

/** What the model was told of an ended call (the stream keeps its output blocks, not its error code). */
function resultOf(call: AgentToolCall): { result: ToolCallResult; durationMs: number; serverId: string | null; serverName: string | null } {
  const output = (call.output ?? []) as unknown as ToolOutputBlock[];
  const result: ToolCallResult =
    call.status === 'succeeded' ? { ok: true, output } : { ok: false, output, error: { code: 'tool_execution_error', message: blocksToText(output) } };
  return { result, durationMs: call.durationMs ?? 0, serverId: call.serverId, serverName: call.serverName };
}
