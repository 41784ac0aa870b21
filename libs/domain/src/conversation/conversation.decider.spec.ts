import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  T0,
  agentMessageCreated,
  contentFragmentAdded,
  conversationCreated,
  fixtureBase,
  fixtureContext,
  fixtureUser,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import { NOW, agentA, agentB, answered, commandBase, newInlineFragment } from '../../test/conversation-decider.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { CreateConversation, NewUserMessage, PostUserMessage } from './conversation.commands';
import { conversationDecider } from './conversation.decider';
import { fromConversationStreamName, toConversationStreamName } from './conversation.stream';

/** The stream name, creating a conversation, posting and editing user messages. */
const spec = deciderSpec(conversationDecider);

/** The command `conversationCreated()` records: the fixture's fields, issued at its time. */
const createCommand = (overrides: Partial<CreateConversation> = {}): CreateConversation => {
  const { at, ...created } = conversationCreated().data;
  return { type: 'CreateConversation', ...created, now: at, ...overrides };
};

const newMessage = (messageId: string, agents = [agentA], agentMessageIds = ['agtmsg0001']): NewUserMessage => ({
  messageId,
  content: `message ${messageId}`,
  mentions: agents.map((a) => ({ configurationId: a.sId })),
  context: fixtureContext(),
  user: fixtureUser(),
  mentionedAgents: agents,
  agentMessageIds,
});

const post = (messageId: string, agents = [agentA], ids = ['agtmsg0001']): PostUserMessage => ({
  type: 'PostUserMessage',
  ...commandBase,
  ...newMessage(messageId, agents, ids),
});

describe('conversation decider', () => {
  it('names the stream conversation-<sId>', () => {
    expect(toConversationStreamName('abc')).toBe('conversation-abc');
    expect(fromConversationStreamName('conversation-abc')).toBe('abc');
    expect(fromConversationStreamName('agent-abc')).toBeNull();
  });

  describe('CreateConversation', () => {
    it('creates an empty conversation', () => {
      spec.given([]).when(createCommand()).then([conversationCreated()]);
    });

    it('adds the initial fragments, then the message and one agent message per mention', () => {
      const events = spec
        .given([])
        .when(
          createCommand({
            contentFragments: [newInlineFragment('frgmsg0001', 'cf00000001', 'hello')],
            message: newMessage('usrmsg0001', [agentA, agentB], ['agtmsg0001', 'agtmsg0002']),
          }),
        )
        .events();
      expect(events.map((e) => e.type)).toEqual([
        'ConversationCreated',
        'ContentFragmentAdded',
        'UserMessagePosted',
        'AgentMessageCreated',
        'AgentMessageCreated',
      ]);
      expect(events[1]).toEqual(contentFragmentAdded('frgmsg0001', 0, 'cf00000001', { at: T0 }));
      expect(events[2]).toEqual(userMessagePosted('usrmsg0001', 1, [agentA, agentB], { at: T0 }));
      expect(events[3]).toEqual(agentMessageCreated('agtmsg0001', 2, 'usrmsg0001', { at: T0, configuration: agentA }));
      expect(events[4]).toEqual(agentMessageCreated('agtmsg0002', 3, 'usrmsg0001', { at: T0, configuration: agentB }));
    });

    it('refuses a depth of 4 or more', () => {
      spec
        .given([])
        .when(createCommand({ depth: 4 }))
        .thenThrows('invalid_request_error', 'Recursive run_agent calls exceeded depth of 4');
    });

    it('refuses an id already used', () => {
      spec.given([conversationCreated()]).when(createCommand()).thenThrows('invalid_request_error');
    });

    it('refuses to create a conversation already deleted (it would answer 200 where deleted ones answer 404)', () => {
      spec
        .given([])
        .when(createCommand({ visibility: 'deleted' }))
        .thenThrows('invalid_request_error', 'A conversation cannot be created with visibility "deleted": create it, then delete it.');
    });
  });

  describe('PostUserMessage', () => {
    it('posts at the next rank and creates an agent message after it', () => {
      spec
        .given(answered)
        .when(post('usrmsg0002', [agentA], ['agtmsg0002']))
        .then([
          userMessagePosted('usrmsg0002', 2, [agentA], { at: NOW }),
          agentMessageCreated('agtmsg0002', 3, 'usrmsg0002', { at: NOW, configuration: agentA }),
        ]);
    });

    it('creates no agent message for an empty mentions array', () => {
      spec
        .given([conversationCreated()])
        .when(post('usrmsg0001', [], []))
        .then([userMessagePosted('usrmsg0001', 0, [], { at: NOW })]);
    });

    it('answers conversation_not_found for a missing, deleted or foreign conversation', () => {
      spec.given([]).when(post('usrmsg0001')).thenThrows('conversation_not_found');
      const deleted: ConversationEvent = { type: 'ConversationDeleted', data: { ...fixtureBase(1), deletedBy: null } };
      spec.given([conversationCreated(), deleted]).when(post('usrmsg0001')).thenThrows('conversation_not_found');
      spec
        .given([conversationCreated({ workspaceId: 'otherwkspc' })])
        .when(post('usrmsg0001'))
        .thenThrows('conversation_not_found');
    });

    it('refuses empty content', () => {
      spec
        .given([conversationCreated()])
        .when({ ...post('usrmsg0001'), content: '' })
        .thenThrows('invalid_request_error');
    });

    it('needs every agent mention resolved and one id per agent', () => {
      spec
        .given([conversationCreated()])
        .when({ ...post('usrmsg0001'), mentionedAgents: [], agentMessageIds: [] })
        .thenThrows('agent_configuration_not_found');
      spec
        .given([conversationCreated()])
        .when({ ...post('usrmsg0001'), agentMessageIds: [] })
        .thenThrows('internal_server_error');
    });

    it('links a handover to the summoning agent message and labels user mentions', () => {
      const [posted, agent] = spec
        .given(answered)
        .when({
          ...post('usrmsg0002', [agentB], ['agtmsg0002']),
          mentions: [{ configurationId: agentB.sId }, { type: 'user', userId: 'usr0000009' }],
          mentionedUsers: [{ sId: 'usr0000009', fullName: 'Ada', image: null }],
          agenticMessageData: { type: 'agent_handover', originMessageId: 'agtmsg0001' },
        })
        .events();
      expect(posted.type === 'UserMessagePosted' && posted.data.mentionDisplays[1]).toEqual({
        id: 'usr0000009',
        type: 'user',
        label: 'Ada',
        pictureUrl: '',
        description: '',
      });
      expect(agent.type === 'AgentMessageCreated' && agent.data.parentAgentMessageId).toBe('agtmsg0001');
    });
  });

  describe('EditUserMessage', () => {
    const edit = {
      type: 'EditUserMessage' as const,
      ...commandBase,
      messageId: 'usrmsg0001',
      newMessageId: 'usrmsg0002',
      content: 'edited',
      mentions: [{ configurationId: agentB.sId }],
      editedBy: fixtureUser().sId,
      mentionedAgents: [agentB],
      agentMessageIds: ['agtmsg0002'],
    };

    it('adds a version in the same rank and new agent messages at the end', () => {
      const original = userMessagePosted('usrmsg0001', 0, [agentA]).data;
      spec
        .given(answered)
        .when(edit)
        .then([
          {
            type: 'UserMessageEdited',
            data: {
              ...original,
              at: NOW,
              messageId: 'usrmsg0002',
              previousMessageId: 'usrmsg0001',
              version: 1,
              content: 'edited',
              mentions: [{ configurationId: agentB.sId }],
              mentionDisplays: userMessagePosted('x', 0, [agentB]).data.mentionDisplays,
            },
          },
          agentMessageCreated('agtmsg0002', 2, 'usrmsg0002', { at: NOW, configuration: agentB }),
        ]);
    });

    it('refuses a missing message, an agent message, an old version and another author', () => {
      spec.given(answered).when({ ...edit, messageId: 'nope000000' }).thenThrows('message_not_found');
      spec.given(answered).when({ ...edit, messageId: 'agtmsg0001' }).thenThrows('invalid_request_error');
      const editedOnce = spec.given(answered).when(edit).events();
      spec
        .given([...answered, ...editedOnce])
        .when({ ...edit, newMessageId: 'usrmsg0003', agentMessageIds: ['agtmsg0003'] })
        .thenThrows('invalid_request_error', 'latest version');
      spec.given(answered).when({ ...edit, editedBy: 'someoneelse' }).thenThrows('invalid_request_error', 'author');
    });
  });
});
