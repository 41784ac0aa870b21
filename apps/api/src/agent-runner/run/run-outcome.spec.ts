import { runMessageOf } from '@app/contracts/events/agent-run.events';
import { agentMessageCreated, fixtureBase } from '@app/contracts/test/conversation.fixtures';
import type { ModelEntry } from '@app/contracts/language-models/model.types';
import type { AgentLoopProgress } from '../loop/agent-loop.types';
import { interruptedError, lastFinalStatusChange, outcomeOf, statusChangeFor, terminalFor } from './run-outcome';
import type { RunModel } from './run-model';

const entry: ModelEntry = {
  providerId: 'openai',
  modelId: 'gpt-4.1',
  displayName: 'GPT-4.1',
  contextSize: 1,
  reasoningEfforts: ['none'],
  defaultReasoningEffort: 'none',
  creditsPerMillionInputTokens: 2_000_000,
  creditsPerMillionOutputTokens: 8_000_000,
  regions: ['us-central1'],
};
const model: RunModel = { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: 'none', temperature: 0.7, method: 'agent', entry };
const progress: AgentLoopProgress = {
  content: 'Answer',
  chainOfThought: '',
  contents: [{ step: 0, content: { type: 'text_content', value: 'Answer' } }],
  actions: [],
  usage: { inputTokens: 100, outputTokens: 50 },
  steps: 1,
};
const created = agentMessageCreated('a1', 1, 'u1');

describe('run outcome', () => {
  it('records content, cost, model and timing of a successful run', () => {
    const outcome = outcomeOf({ status: 'succeeded', error: null, progress }, model, [], { completedTs: 5, durationMs: 42 });
    expect(outcome).toEqual({
      content: 'Answer',
      chainOfThought: null,
      error: null,
      toolCalls: [],
      contents: progress.contents,
      completionDurationMs: 42,
      costCredits: 600,
      resolvedModel: { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: 'none' },
      modelResolutionMethod: 'agent',
      completedTs: 5,
    });
  });

  it('costs nothing without usage, and keeps null content for a run that never reached the model', () => {
    const outcome = outcomeOf({ status: 'failed', error: interruptedError('shutdown'), progress: null }, null, [], { completedTs: 5, durationMs: null });
    expect(outcome).toMatchObject({ content: null, costCredits: null, resolvedModel: null, error: { code: 'agent_run_interrupted' } });
  });

  it('ends the run stream the way the conversation recorded it', () => {
    const outcome = outcomeOf({ status: 'succeeded', error: null, progress }, model, [], { completedTs: 5, durationMs: 42 });
    const success = terminalFor(created, 9, statusChangeFor(created, 'succeeded', outcome, 5));
    expect(success).toEqual({ type: 'AgentRunSucceeded', data: { message: runMessageOf(created, 9), outcome, at: 5 } });
    expect(success.type === 'AgentRunSucceeded' && success.data.message).toMatchObject({ messageId: 'a1', position: 9, rank: 1 });
    const failed = terminalFor(created, 9, statusChangeFor(created, 'failed', { error: interruptedError('lease_expired') }, 6));
    expect(failed).toEqual({ type: 'AgentRunFailed', data: { error: interruptedError('lease_expired'), at: 6 } });
    expect(terminalFor(created, 9, statusChangeFor(created, 'cancelled', {}, 7))).toEqual({ type: 'AgentRunCancelled', data: { at: 7 } });
  });

  it('finds the last final status change of a message', () => {
    const first = { type: 'AgentMessageStatusChanged', data: { ...fixtureBase(), messageId: 'a1', status: 'cancelled' } };
    const other = { type: 'AgentMessageStatusChanged', data: { ...fixtureBase(), messageId: 'a2', status: 'failed' } };
    expect(lastFinalStatusChange([created, first, other], 'a1')).toBe(first);
    expect(lastFinalStatusChange([created], 'a1')).toBeNull();
  });
});
