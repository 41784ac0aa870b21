import type { AgentMessageOutcome, AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { AgentMessageCreated } from '@app/contracts/events/conversation/conversation.events';
import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { RunProgress } from '../loop/run-progress';
import { finalToolCalls } from '../run/agent-actions';
import { resolveRunModel } from '../run/run-model';
import { interruptedError, outcomeOf } from '../run/run-outcome';
import type { RecordedRun } from './run-resume-state';

const UNFINISHED_CALL_TEXT = 'The run was interrupted while this tool call was under way; whether it took effect is unknown.';

/**
 * The outcome of a run whose runner died (its lease expired) and that cannot be taken over: failed
 * as `agent_run_interrupted`, keeping what its run stream recorded, as a runner stopping cleanly
 * keeps its progress: the text and reasoning streamed, every tool call with its result, and the
 * usage known (the last wait recorded it). A call recorded without a result ends as errored: it
 * may have run, and nothing will run it again.
 */
export function interruptedOutcomeOf(run: RecordedRun, created: AgentMessageCreated, catalog: readonly ModelEntry[], at: number): AgentMessageOutcome {
  const model = resolveRunModel(created.data, catalog);
  const progress = new RunProgress(model.providerId);
  progress.replay(run.history, run.usage);
  const snapshot = progress.snapshot();
  const finished = new Map(run.finished.map((call) => [call.callId, call]));
  const ended = finalToolCalls(snapshot.actions, finished, at);
  const unfinished = run.calls.filter(({ call }) => !finished.has(call.callId)).map(({ call, paramsPosition }) => unfinishedCall(call, paramsPosition, at));
  const toolCalls = [...ended, ...unfinished].sort((a, b) => a.step - b.step || a.calledAt - b.calledAt);
  return outcomeOf({ status: 'failed', error: interruptedError('lease_expired'), progress: snapshot }, model, toolCalls, { completedTs: at, durationMs: null });
}

function unfinishedCall(call: AgentToolCall, paramsPosition: number, at: number): AgentToolCall {
  return { ...call, status: 'errored', endedAt: at, durationMs: null, output: [{ type: 'text', text: UNFINISHED_CALL_TEXT }], paramsPosition };
}
