import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import { runMessageOf, type AgentRunEvent } from '@app/contracts/events/agent-run.events';
import { CURRENT_SCHEMA_VERSION, upcast } from '@app/contracts/events/upcast';
import { agentMessageCreated } from '@app/contracts/test/conversation.fixtures';
import { loadV1ConversationLog, recordedAgentMessages } from '@app/contracts/test/recorded-log';
import { renderAgentMessageFromEvent } from '@app/contracts/render/conversation-message.render';
import type { RecordedEvent } from '@app/storage';
import { renderAgentMessageStreamEvent, UNRENDERED_RUN_EVENT_TYPES } from './agent-message-events.render';

const created = agentMessageCreated('m1', 1, 'u1');
const context = { configurationId: 'agent00001', messageId: 'm1' };

function recorded(event: AgentRunEvent, position = 40): RecordedEvent {
  return {
    id: 'e',
    streamName: 'agent_message-m1',
    revision: 3,
    position,
    type: event.type,
    data: event.data as RecordedEvent['data'],
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: 0,
  };
}

const call: AgentToolCall = {
  sId: 'act_1',
  callId: 'call_1',
  toolName: 'search',
  serverId: null,
  serverName: null,
  params: { q: 'x' },
  step: 0,
  status: 'running',
  calledAt: 1,
  endedAt: null,
  durationMs: null,
  output: null,
  paramsPosition: null,
};

describe('agent message SSE payloads', () => {
  it('renders a blocked tool call as tool_approve_execution', () => {
    const blocked = {
      workspaceId: 'w',
      conversationId: 'c1',
      messageId: 'm1',
      userId: null,
      actionId: 'act_1',
      callId: 'call_1',
      toolName: 'send_email',
      serverId: 'srv',
      serverName: 'mail',
      inputs: { to: 'ada' },
      stake: 'high' as const,
    };
    const payload = renderAgentMessageStreamEvent(recorded({ type: 'AgentToolApprovalRequested', data: { call: blocked, agentName: 'helper', at: 7 } }), context);
    expect(payload).toEqual({
      type: 'tool_approve_execution',
      created: 7,
      ...context,
      conversationId: 'c1',
      actionId: 'act_1',
      inputs: { to: 'ada' },
      stake: 'high',
      isLastBlockingEventForStep: true,
      metadata: { agentName: 'helper', mcpServerName: 'mail', toolName: 'send_email', mcpServerId: 'srv' },
    });
  });

  it('renders tokens exactly as dust-api §3.2', () => {
    const payload = renderAgentMessageStreamEvent(
      recorded({ type: 'AgentTokensGenerated', data: { text: 'Hi', classification: 'chain_of_thought', step: 0, at: 5 } }),
      context,
    );
    expect(payload).toEqual({ type: 'generation_tokens', created: 5, ...context, text: 'Hi', classification: 'chain_of_thought' });
  });

  it('renders tool calls as actions: id from the params event, agentMessageId from the message position', () => {
    const params = renderAgentMessageStreamEvent(recorded({ type: 'AgentToolParamsRecorded', data: { call, messagePosition: 7, at: 6 } }, 41), context);
    expect(params).toEqual({
      type: 'tool_params',
      created: 6,
      ...context,
      action: {
        id: 41,
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
      },
    });
    const done: AgentToolCall = { ...call, status: 'errored', endedAt: 3, durationMs: 2, output: [{ type: 'text', text: 'no' }], paramsPosition: 41 };
    expect(renderAgentMessageStreamEvent(recorded({ type: 'AgentActionFailed', data: { call: done, messagePosition: 7, at: 7 } }), context)).toMatchObject({
      type: 'agent_action_success',
      action: { id: 41, agentMessageId: 7, status: 'errored', updatedAt: 3, executionDurationMs: 2, output: [{ type: 'text', text: 'no' }] },
    });
  });

  it('renders the run end as the message with its outcome', () => {
    const outcome = { content: 'Hello', contents: [{ step: 0, content: { type: 'text_content' as const, value: 'Hello' } }], completedTs: 9 };
    const message = runMessageOf(created, 7);
    const payload = renderAgentMessageStreamEvent(recorded({ type: 'AgentRunSucceeded', data: { message, outcome, at: 9 } }), context);
    expect(payload).toEqual({
      type: 'agent_message_success',
      created: 9,
      ...context,
      message: {
        ...renderAgentMessageFromEvent(created, 7),
        status: 'succeeded',
        content: 'Hello',
        contents: outcome.contents,
        rawContents: [{ step: 0, content: 'Hello' }],
        completedTs: 9,
      },
      runIds: [],
    });
  });

  it('renders the terminal events and hides bookkeeping', () => {
    const error = { code: 'model_timeout', message: 'slow', metadata: null };
    expect(renderAgentMessageStreamEvent(recorded({ type: 'AgentRunFailed', data: { error, at: 8 } }), context)).toEqual({
      type: 'agent_error',
      created: 8,
      ...context,
      error,
    });
    expect(renderAgentMessageStreamEvent(recorded({ type: 'AgentRunCancelled', data: { at: 9 } }), context)).toEqual({
      type: 'agent_generation_cancelled',
      created: 9,
      ...context,
    });
    expect(
      renderAgentMessageStreamEvent(recorded({ type: 'AgentRunLeaseExtended', data: { runnerId: 'r', leaseUntil: 1, at: 1 } }), context),
    ).toBeNull();
  });

  it('serves a run stream written by schema v1 exactly as the v1 api did', () => {
    const log = loadV1ConversationLog();
    const messages = recordedAgentMessages(log);
    expect(Object.keys(log.wire.agentMessageStreams)).toEqual(messages.map((m) => m.sId));
    for (const agentMessage of messages) {
      const stream = log.events.filter((event) => event.streamName === `agent_message-${agentMessage.sId}`);
      const frames = stream.flatMap((event) => {
        const payload = renderAgentMessageStreamEvent(upcast(event), { configurationId: agentMessage.configuration.sId, messageId: agentMessage.sId });
        return payload === null ? [] : [{ eventId: String(event.revision), data: payload }];
      });
      expect(frames).toEqual(log.wire.agentMessageStreams[agentMessage.sId]);
    }
  });

  it('renders nothing for the events the hub makes no pass for', () => {
    for (const type of UNRENDERED_RUN_EVENT_TYPES) {
      expect(renderAgentMessageStreamEvent(recorded({ type, data: { at: 1 } } as AgentRunEvent), context)).toBeNull();
    }
  });
});
