import { loadV1ConversationLog, type StoredEvent } from '@app/contracts/test/recorded-log';
import {
  applyAgentMessageStatusChange,
  renderAgentMessageFromEvent,
  renderUserMessageFromEvent,
} from '../render/conversation-message.render';
import { renderConversationStreamEvent } from '../render/conversation-stream.render';
import { isConversationEvent, type ConversationEvent } from './conversation/conversation.events';
import { CURRENT_SCHEMA_VERSION, upcast } from './upcast';

// Events written by the api at schema v1 (see the fixture's `description`); this spec renders on
// purpose, to prove the upcast events give the wire the v1 api answered.
const log = loadV1ConversationLog();
const at = (position: number): StoredEvent => {
  const event = log.events.find((e) => e.position === position);
  if (!event) throw new Error(`no recorded event at ${position}`);
  return event;
};
const conversationEvent = (event: StoredEvent): ConversationEvent => {
  const current = upcast(event);
  if (!isConversationEvent(current)) throw new Error(`${event.type} is not a conversation event`);
  return current;
};

const LOOKUP_WEATHER = {
  sId: 'act_noZOHh0nVKK0',
  callId: 'call_id_000005',
  toolName: 'lookup_weather',
  serverId: 'msv_weather',
  serverName: 'weather',
  params: { city: 'Paris' },
  step: 0,
  status: 'succeeded',
  calledAt: 1795452177411,
  endedAt: 1795452177425,
  durationMs: 0,
  output: [{ type: 'text', text: 'Sunny in Paris' }],
  paramsPosition: 18,
};
const BROKEN_TOOL = {
  sId: 'act_FemHIIvtSi9t',
  callId: 'call_id_000008',
  toolName: 'broken_tool',
  serverId: null,
  serverName: 'weather',
  params: {},
  step: 1,
  status: 'errored',
  calledAt: 1795452177469,
  endedAt: 1795452177475,
  durationMs: 0,
  output: [{ type: 'text', text: 'The tool is broken.' }],
  paramsPosition: 20,
};

describe('upcast', () => {
  it('leaves events of the current schema alone', () => {
    const current = { ...at(13), metadata: { schemaVersion: CURRENT_SCHEMA_VERSION } };
    expect(upcast(current)).toBe(current);
  });

  it('brings every recorded v1 event to the current schema; types whose shape held keep their data', () => {
    const reshaped = new Set([
      'UserMessagePosted',
      'UserMessageEdited',
      'AgentMessageCreated',
      'AgentMessageStatusChanged',
      'AgentToolParamsRecorded',
      'AgentActionSucceeded',
      'AgentActionFailed',
      'AgentRunSucceeded',
    ]);
    expect(log.events.every((event) => event.metadata.schemaVersion === 1)).toBe(true);
    for (const event of log.events) {
      const current = upcast(event);
      expect(current.metadata).toEqual({ ...event.metadata, schemaVersion: CURRENT_SCHEMA_VERSION });
      if (!reshaped.has(event.type)) expect(current.data).toBe(event.data);
    }
  });

  it('records how mentions were shown, without approval state or favorites', () => {
    const { data } = upcast(at(12));
    expect(data).not.toHaveProperty('richMentions');
    expect(data.mentionDisplays).toEqual([
      { id: 'eYTjyZtpVn', type: 'agent', label: 'helper', pictureUrl: 'https://example.com/helper.png', description: 'Answers questions about the weather.' },
      { id: '9HeDY45DTy', type: 'user', label: 'bob', pictureUrl: '', description: '' },
    ]);
  });

  it('records the agent as mentioned: a snapshot without viewer fields, its version time in epoch ms', () => {
    expect(upcast(at(13)).data).toEqual({
      conversationId: 'yDUp7Rbnuz',
      workspaceId: 'ss6ewjPvnd',
      at: 1795452176863,
      messageId: '0YP4iA1j9c',
      rank: 2,
      version: 0,
      parentMessageId: 'bEn5naVjpG',
      parentAgentMessageId: null,
      configuration: {
        id: 9,
        sId: 'eYTjyZtpVn',
        version: 0,
        versionCreatedAt: Date.parse('2026-11-23T16:42:56.806Z'),
        versionAuthorId: 5,
        name: 'helper',
        description: 'Answers questions about the weather.',
        instructions: 'Be precise.',
        pictureUrl: 'https://example.com/helper.png',
        status: 'active',
        scope: 'visible',
        model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.4, reasoningEffort: 'none' },
        maxStepsPerRun: 6,
        tags: [{ sId: 'tag_1', name: 'Weather' }],
        templateId: null,
        requestedSpaceIds: [],
      },
      skipToolsValidation: false,
      modelSelection: null,
      previousMessageId: null,
    });
    expect(upcast(at(29)).data.configuration).toMatchObject({ id: -1, sId: 'dust', versionCreatedAt: null, scope: 'global' });
  });

  it('records tool calls instead of wire actions, and derives raw contents', () => {
    const { data } = upcast(at(24));
    expect(data).not.toHaveProperty('actions');
    expect(data).not.toHaveProperty('rawContents');
    expect(data.toolCalls).toEqual([LOOKUP_WEATHER, BROKEN_TOOL]);
    expect(data.contents).toEqual(at(24).data.contents);
    expect(upcast(at(50)).data).toEqual(at(50).data);
  });

  it('turns the run stream actions into tool calls and the final wire message into its facts', () => {
    expect(upcast(at(18)).data).toEqual({
      call: { ...LOOKUP_WEATHER, status: 'running', endedAt: null, durationMs: null, output: null, paramsPosition: null },
      messagePosition: 13,
      at: 1795452177411,
    });
    expect(upcast(at(19)).data).toEqual({ call: LOOKUP_WEATHER, messagePosition: 13, at: 1795452177425 });
    expect(upcast(at(21)).data).toEqual({ call: BROKEN_TOOL, messagePosition: 13, at: 1795452177475 });
    const created = upcast(at(13)).data;
    const { conversationId: _c, workspaceId: _w, at: _at, messageId: _m, configurationId: _a, status: _s, ...outcome } = upcast(at(24)).data;
    expect(upcast(at(25)).data).toEqual({
      message: {
        messageId: '0YP4iA1j9c',
        position: 13,
        createdAt: 1795452176863,
        rank: 2,
        version: 0,
        parentMessageId: 'bEn5naVjpG',
        parentAgentMessageId: null,
        configuration: created.configuration,
        skipToolsValidation: false,
      },
      outcome,
      at: 1795452177517,
    });
  });

  it('leaves data already in the current shape as it is, whatever version it is stamped with', () => {
    for (const event of log.events) {
      const current = upcast(event);
      expect(upcast({ ...current, metadata: { schemaVersion: 1 } }).data).toEqual(current.data);
    }
  });

  it('renders the conversation stream the v1 api served', () => {
    const conversationStream = log.events.filter((event) => event.streamName === `conversation-${log.conversationId}`);
    const frames = conversationStream.flatMap((event) => {
      const payload = renderConversationStreamEvent(conversationEvent(event), event.position);
      return payload === null ? [] : [{ eventId: String(event.revision), data: payload }];
    });
    expect(frames).toEqual(log.wire.conversationStream);
  });

  it('renders every user and agent message as the v1 api answered it (reactions are the projection’s)', () => {
    const answered = log.wire.conversation.content.flat();
    type Rendered = ReturnType<typeof renderUserMessageFromEvent> | ReturnType<typeof renderAgentMessageFromEvent>;
    const rendered = new Map<string, Rendered>();
    for (const stored of log.events) {
      if (!stored.streamName.startsWith('conversation-')) continue;
      const event = conversationEvent(stored);
      if (event.type === 'UserMessagePosted' || event.type === 'UserMessageEdited') {
        rendered.set(event.data.messageId, renderUserMessageFromEvent(event, stored.position));
      } else if (event.type === 'AgentMessageCreated') {
        rendered.set(event.data.messageId, renderAgentMessageFromEvent(event, stored.position));
      } else if (event.type === 'AgentMessageStatusChanged') {
        const message = rendered.get(event.data.messageId);
        if (message?.type === 'agent_message') rendered.set(event.data.messageId, applyAgentMessageStatusChange(message, event));
      }
    }
    const messages = answered.filter((m) => m.type === 'user_message' || m.type === 'agent_message');
    expect(messages).toHaveLength(rendered.size);
    for (const message of messages) {
      const mine = rendered.get(message.sId);
      expect(mine && { ...mine, reactions: message.reactions }).toEqual(message);
    }
  });
});
