import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import type { RecordedEvent } from '@app/storage';
import { renderAgentMessageStreamEvent } from './agent-message-events.render';

const context = { configurationId: 'dust', messageId: 'm1' };

function recorded(event: AgentRunEvent, position = 40): RecordedEvent {
  return {
    id: 'e',
    streamName: 'agent_message-m1',
    revision: 3,
    position,
    type: event.type,
    data: event.data as RecordedEvent['data'],
    metadata: { schemaVersion: 1 },
    recordedAt: 0,
  };
}

const action = {
  sId: 'act_1',
  createdAt: 1,
  updatedAt: 1,
  mcpServerId: null,
  internalMCPServerName: null,
  toolName: 'search',
  agentMessageId: 7,
  functionCallName: 'search',
  functionCallId: 'call_1',
  status: 'running',
  params: { q: 'x' },
  step: 0,
  executionDurationMs: null,
  citationsAllocated: 0,
  output: null,
  generatedFiles: [],
  displayLabels: null,
};

describe('agent message SSE payloads', () => {
  it('renders tokens exactly as dust-api §3.2', () => {
    const payload = renderAgentMessageStreamEvent(
      recorded({ type: 'AgentTokensGenerated', data: { text: 'Hi', classification: 'chain_of_thought', step: 0, at: 5 } }),
      context,
    );
    expect(payload).toEqual({ type: 'generation_tokens', created: 5, configurationId: 'dust', messageId: 'm1', text: 'Hi', classification: 'chain_of_thought' });
  });

  it('gives tool actions the position of their params event as id', () => {
    expect(renderAgentMessageStreamEvent(recorded({ type: 'AgentToolParamsRecorded', data: { action, at: 6 } }, 41), context)).toEqual({
      type: 'tool_params',
      created: 6,
      configurationId: 'dust',
      messageId: 'm1',
      action: { ...action, id: 41 },
    });
    const done = { ...action, id: 41, status: 'errored' };
    expect(renderAgentMessageStreamEvent(recorded({ type: 'AgentActionFailed', data: { action: done, at: 7 } }), context)).toMatchObject({
      type: 'agent_action_success',
      action: done,
    });
  });

  it('renders the terminal events and hides bookkeeping', () => {
    const error = { code: 'model_timeout', message: 'slow', metadata: null };
    expect(renderAgentMessageStreamEvent(recorded({ type: 'AgentRunFailed', data: { error, at: 8 } }), context)).toEqual({
      type: 'agent_error',
      created: 8,
      configurationId: 'dust',
      messageId: 'm1',
      error,
    });
    expect(renderAgentMessageStreamEvent(recorded({ type: 'AgentRunCancelled', data: { at: 9 } }), context)).toEqual({
      type: 'agent_generation_cancelled',
      created: 9,
      configurationId: 'dust',
      messageId: 'm1',
    });
    expect(
      renderAgentMessageStreamEvent(recorded({ type: 'AgentRunLeaseExtended', data: { runnerId: 'r', leaseUntil: 1, at: 1 } }), context),
    ).toBeNull();
  });
});
