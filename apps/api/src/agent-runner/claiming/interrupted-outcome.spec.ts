import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { agentMessageCreated } from '@app/contracts/test/conversation.fixtures';
import { recordedRunStream } from '../../../../../test/support/run-stream';
import { interruptedOutcomeOf } from './interrupted-outcome';
import { recordedRunOf } from './run-resume-state';

const created = agentMessageCreated('a1', 1, 'u1');
const entry: ModelEntry = {
  providerId: created.data.configuration.model.providerId,
  modelId: created.data.configuration.model.modelId,
  displayName: 'A model',
  contextSize: 128_000,
  reasoningEfforts: ['none'],
  defaultReasoningEffort: 'none',
  creditsPerMillionInputTokens: 2_000_000,
  creditsPerMillionOutputTokens: 8_000_000,
  regions: ['us-central1'],
};

const stream = (...events: AgentRunEvent[]) => recordedRunStream('a1', events);

function toolCall(callId: string, step: number, done?: string): AgentToolCall {
  return {
    sId: `act_${callId}`,
    callId,
    toolName: 'add',
    serverId: 'mcp-client-side:ide',
    serverName: 'IDE',
    params: { a: 1 },
    step,
    status: done === undefined ? 'running' : 'succeeded',
    calledAt: 1_000 + step,
    endedAt: done === undefined ? null : 1_500,
    durationMs: done === undefined ? null : 500,
    output: done === undefined ? null : [{ type: 'text', text: done }],
    paramsPosition: done === undefined ? null : 102,
  };
}

const started: AgentRunEvent = { type: 'AgentRunStarted', data: { messageId: 'a1', conversationId: 'c1', workspaceId: 'w', configurationId: 'dust', runnerId: 'r1', leaseUntil: 5_000, at: 0 } };
const tokens = (text: string, step: number, classification: 'tokens' | 'chain_of_thought' = 'tokens'): AgentRunEvent => ({ type: 'AgentTokensGenerated', data: { text, classification, step, at: 1 } });
const params = (callId: string, step: number): AgentRunEvent => ({ type: 'AgentToolParamsRecorded', data: { call: toolCall(callId, step), messagePosition: 10, at: 1_000 } });
const succeeded = (callId: string, step: number, text: string): AgentRunEvent => ({ type: 'AgentActionSucceeded', data: { call: toolCall(callId, step, text), messagePosition: 10, at: 1_500 } });
const waitEvent: AgentRunEvent = {
  type: 'AgentToolCallWaiting',
  data: { call: { callId: 'k1', name: 'add', input: { a: 1 }, step: 0 }, wait: { kind: 'approval', actionId: 'act_k1' }, usage: { inputTokens: 1_000, outputTokens: 500 }, at: 1_200 },
};

describe('interruptedOutcomeOf', () => {
  it('keeps the text, reasoning, tool calls with their results and the usage the run stream recorded', () => {
    const events = stream(
      started,
      tokens('Thinking.', 0, 'chain_of_thought'),
      tokens('Let me add.', 0),
      params('k1', 0),
      waitEvent,
      { type: 'AgentToolCallWaitEnded', data: { callId: 'k1', at: 1_300 } },
      succeeded('k1', 0, 'Sum: 2'),
      tokens('The sum ', 1),
    );
    const run = recordedRunOf(events);
    if (run === null) throw new Error('the run has not ended');
    const outcome = interruptedOutcomeOf(run, created, [entry], 9_000);
    expect(outcome).toMatchObject({
      content: 'Let me add.\n\nThe sum ',
      chainOfThought: 'Thinking.',
      error: { code: 'agent_run_interrupted' },
      toolCalls: [toolCall('k1', 0, 'Sum: 2')],
      costCredits: 6_000,
      resolvedModel: { providerId: entry.providerId, modelId: entry.modelId },
      completedTs: 9_000,
    });
    expect(outcome.contents?.map((item) => [item.step, item.content.type])).toEqual([
      [0, 'reasoning'],
      [0, 'text_content'],
      [0, 'function_call'],
      [1, 'text_content'],
    ]);
  });

  it('ends a call recorded without a result as errored, saying it may have run', () => {
    const run = recordedRunOf(stream(started, params('k1', 0), { type: 'AgentToolCallWaitEnded', data: { callId: 'k1', at: 1_300 } }));
    if (run === null) throw new Error('the run has not ended');
    const [call] = interruptedOutcomeOf(run, created, [entry], 9_000).toolCalls ?? [];
    expect(call).toMatchObject({ sId: 'act_k1', status: 'errored', endedAt: 9_000, paramsPosition: 101 });
    expect(JSON.stringify(call.output)).toMatch(/whether it took effect is unknown/);
  });
});
