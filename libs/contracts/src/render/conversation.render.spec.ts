import {
  ConversationEventDataSchema,
  GetConversationResponseSchema,
  GetConversationsResponseSchema,
  GetFeedbacksResponseSchema,
  PostContentFragmentResponseSchema,
  PostUserMessageResponseSchema,
  RetryMessageResponseSchema,
} from '@dust-tt/client';
import type { AgentMessageStatusChanged, ConversationEvent } from '../events/conversation/conversation.events';
import {
  FIXTURE_CONVERSATION_ID as CID,
  FIXTURE_WORKSPACE_ID as WID,
  T0,
  agentMessageCreated,
  contentFragmentAdded,
  conversationDocument,
  fixtureAgent,
  fixtureBase,
  userMessagePosted,
} from '../../test/conversation.fixtures';
import type { WorkspaceWire } from '../http/conversation.types';
import { applyReaction } from './conversation-message.render';
import {
  applyAgentMessageStatusChange,
  renderAgentMessageFromEvent,
  renderContentFragmentFromEvent,
  renderConversation,
  renderConversationListItem,
  renderConversationStreamEvent,
  renderFeedback,
  renderUserMessageFromEvent,
} from './conversation.render';

const owner: WorkspaceWire = {
  id: 1,
  sId: WID,
  name: 'Acme',
  role: 'admin',
  regionalModelsOnly: false,
  segmentation: null,
  whiteListedProviders: null,
  defaultEmbeddingProvider: null,
  ssoEnforced: false,
  metadata: null,
};
const baseUrl = 'https://dust.example.com';
const agent = fixtureAgent();
const finished: AgentMessageStatusChanged = {
  type: 'AgentMessageStatusChanged',
  data: {
    ...fixtureBase(9),
    messageId: 'agtmsg0001',
    configurationId: agent.sId,
    status: 'succeeded',
    content: 'Hi',
    toolCalls: [
      {
        sId: 'act_0000000001',
        callId: 'call_1',
        toolName: 'search',
        serverId: 'msv_search',
        serverName: 'search',
        params: { query: 'hi' },
        step: 0,
        status: 'succeeded',
        calledAt: T0 + 5,
        endedAt: T0 + 6,
        durationMs: 1,
        output: [{ type: 'text', text: 'found' }],
        paramsPosition: 20,
      },
    ],
    contents: [
      { step: 0, content: { type: 'function_call', value: { id: 'call_1', name: 'search', arguments: '{"query":"hi"}' } } },
      { step: 1, content: { type: 'text_content', value: 'Hi' } },
    ],
  },
};
const nodeFragment = contentFragmentAdded('frgmsg0002', 3, 'cf00000002', {
  contentFragmentType: 'content_node',
  contentType: 'application/vnd.dust.document',
  nodeId: 'node-1',
  nodeDataSourceViewId: 'dsv_0000000001',
  nodeType: 'document',
  nodeSpaceName: 'Company Data',
  textContent: null,
});

const user = renderUserMessageFromEvent(userMessagePosted('usrmsg0001', 1, [agent]), 12);
const agentMessage = applyAgentMessageStatusChange(
  renderAgentMessageFromEvent(agentMessageCreated('agtmsg0001', 2, 'usrmsg0001'), 13),
  finished,
);
const doc = conversationDocument(10, {
  updated: T0 + 9,
  readState: { usr0000001: T0 + 1, usrbob0001: T0 + 9 },
  content: [
    [renderContentFragmentFromEvent(contentFragmentAdded('frgmsg0001', 0, 'cf00000001', { fileId: 'fil_1' }), 11)],
    [user],
    [agentMessage],
    [renderContentFragmentFromEvent(nodeFragment, 14)],
  ],
  lastPosition: 14,
});
const context = { viewerUserId: 'usr0000001', owner, baseUrl };

describe('conversation renderers', () => {
  it('renders list items the official client accepts, unread per viewer', () => {
    const item = renderConversationListItem(doc, context);
    expect(GetConversationsResponseSchema.safeParse({ conversations: [item] }).error).toBeUndefined();
    expect(item).toMatchObject({ id: 10, unread: true, lastReadMs: T0 + 1, requestedGroupIds: [], owner });
    expect(renderConversationListItem(doc, { ...context, viewerUserId: 'usrbob0001' }).unread).toBe(false);
    expect(renderConversationListItem(doc, { ...context, viewerUserId: 'stranger01' })).toMatchObject({
      unread: true,
      lastReadMs: null,
    });
    expect(renderConversationListItem(doc, { ...context, viewerUserId: null }).unread).toBe(false);
  });

  it.each(['toString', 'valueOf', '__proto__'])('reads a viewer named %s as one who has not read anything', (viewerUserId) => {
    expect(renderConversationListItem(doc, { ...context, viewerUserId })).toMatchObject({ unread: true, lastReadMs: null });
  });

  it('renders the full conversation the official client accepts, with url and absolute text urls', () => {
    const conversation = renderConversation({ ...doc, content: [...doc.content, []] }, context);
    expect(GetConversationResponseSchema.safeParse({ conversation }).error).toBeUndefined();
    expect(conversation.url).toBe(`${baseUrl}/w/${WID}/conversation/${CID}`);
    expect(conversation.content).toHaveLength(4);
    expect(conversation.content[0][0]).toMatchObject({
      textUrl: `${baseUrl}/api/w/${WID}/files/fil_1?action=view&version=processed`,
    });
    expect(conversation.content[3][0]).toMatchObject({
      contentFragmentType: 'content_node',
      contentNodeData: { nodeId: 'node-1', nodeType: 'document', provider: null, spaceName: 'Company Data' },
    });
  });

  it('renders single messages the client accepts in post, retry and fragment responses', () => {
    expect(PostUserMessageResponseSchema.safeParse({ message: user }).error).toBeUndefined();
    expect(RetryMessageResponseSchema.safeParse({ message: agentMessage }).error).toBeUndefined();
    expect(agentMessage).toMatchObject({
      configuration: { sId: agent.sId, userFavorite: false, canRead: true, canEdit: false, requestedGroupIds: [] },
      actions: [{ id: 20, agentMessageId: 13, functionCallName: 'search', functionCallId: 'call_1', createdAt: T0 + 5, updatedAt: T0 + 6 }],
      rawContents: [{ step: 1, content: 'Hi' }],
    });
    expect(user.richMentions).toEqual([
      { id: agent.sId, type: 'agent', label: agent.name, pictureUrl: agent.pictureUrl, description: agent.description, userFavorite: false, dismissed: false, status: 'approved' },
    ]);
    const fragment = renderContentFragmentFromEvent(contentFragmentAdded('frgmsg0001', 0, 'cf00000001'), 11, baseUrl);
    expect(PostContentFragmentResponseSchema.safeParse({ contentFragment: fragment }).error).toBeUndefined();
    const anonymous = renderUserMessageFromEvent(userMessagePosted('usrmsg0009', 5, [], { user: null }), 20);
    expect(PostUserMessageResponseSchema.safeParse({ message: anonymous }).error).toBeUndefined();
  });

  it('applies a failure outcome', () => {
    const failed = applyAgentMessageStatusChange(agentMessage, {
      type: 'AgentMessageStatusChanged',
      data: {
        ...fixtureBase(10),
        messageId: 'agtmsg0001',
        status: 'failed',
        error: { code: 'agent_error', message: 'Set OPENAI_API_KEY', metadata: null },
      },
    });
    expect(failed).toMatchObject({ status: 'failed', content: 'Hi', completedTs: T0 + 10 });
    expect(RetryMessageResponseSchema.safeParse({ message: failed }).error).toBeUndefined();
  });

  it('maps events to the SSE payloads the client knows', () => {
    const events: Array<[ConversationEvent, string | null]> = [
      [userMessagePosted('usrmsg0001', 1, [agent]), 'user_message_new'],
      [agentMessageCreated('agtmsg0001', 2, 'usrmsg0001'), 'agent_message_new'],
      [finished, 'agent_message_done'],
      [{ type: 'ConversationTitleChanged', data: { ...fixtureBase(3), title: 'New' } }, 'conversation_title'],
      [{ type: 'ConversationTitleChanged', data: { ...fixtureBase(3), title: null } }, null],
      [{ type: 'ReactionAdded', data: { ...fixtureBase(3), messageId: 'x', emoji: '+1', user: { userId: 'u', username: 'u', fullName: null } } }, null],
    ];
    for (const [event, type] of events) {
      const payload = renderConversationStreamEvent(event, 50);
      expect(payload?.type ?? null).toBe(type);
      if (payload) expect(ConversationEventDataSchema.safeParse(payload).error).toBeUndefined();
    }
    const cancelled = renderConversationStreamEvent({ ...finished, data: { ...finished.data, status: 'cancelled' } }, 51);
    expect(cancelled).toEqual({ type: 'agent_generation_cancelled', created: T0 + 9, configurationId: agent.sId, messageId: 'agtmsg0001' });
    const failed = renderConversationStreamEvent({ ...finished, data: { ...finished.data, status: 'failed' } }, 52);
    expect(failed).toMatchObject({ type: 'agent_message_done', status: 'error' });
  });

  it('renders feedback the client accepts', () => {
    const feedback = renderFeedback({
      messageId: 'agtmsg0001',
      agentMessageId: 13,
      userId: 'usrbob0001',
      userModelId: 42,
      thumbDirection: 'down',
      content: 'Wrong',
      createdAt: T0,
      agentConfigurationId: agent.sId,
      agentConfigurationVersion: 1,
      isConversationShared: false,
    });
    expect(GetFeedbacksResponseSchema.safeParse({ feedbacks: [feedback] }).error).toBeUndefined();
    expect(feedback.userId).toBe(42);
  });

  it('keeps reaction order and drops emojis nobody uses', () => {
    const ann = { userId: 'ann', username: 'ann', fullName: null };
    const ben = { userId: 'ben', username: 'ben', fullName: 'Ben' };
    let reactions = applyReaction([], '+1', ann, true);
    reactions = applyReaction(reactions, 'heart', ben, true);
    reactions = applyReaction(reactions, '+1', ben, true);
    expect(reactions.map((r) => [r.emoji, r.users.map((u) => u.userId)])).toEqual([
      ['+1', ['ann', 'ben']],
      ['heart', ['ben']],
    ]);
    reactions = applyReaction(reactions, 'heart', ben, false);
    expect(reactions.map((r) => r.emoji)).toEqual(['+1']);
    expect(applyReaction(reactions, 'nope', ann, false)).toEqual(reactions);
  });
});
