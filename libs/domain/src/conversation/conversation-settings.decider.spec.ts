import type { ActingUser } from '@app/contracts/events/conversation/conversation-event-values';
import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  agentMessageCreated,
  contentFragmentAdded,
  conversationCreated,
  fixtureUser,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import { NOW, commandBase, eventBase, newInlineFragment } from '../../test/conversation-decider.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { AddContentFragment } from './conversation.commands';
import { conversationDecider } from './conversation.decider';

/** Fragments, title, visibility, deletion, read state, reactions and feedback. */
const spec = deciderSpec(conversationDecider);
const bob: ActingUser = { userId: 'usrbob0001', username: 'bob', fullName: 'Bob' };

const history: ConversationEvent[] = [
  conversationCreated(),
  contentFragmentAdded('frgmsg0001', 0, 'cf00000001'),
  userMessagePosted('usrmsg0001', 1),
  agentMessageCreated('agtmsg0001', 2, 'usrmsg0001'),
];

describe('conversation decider: fragments and settings', () => {
  describe('AddContentFragment', () => {
    const add: AddContentFragment = {
      type: 'AddContentFragment',
      ...commandBase,
      ...newInlineFragment('frgmsg0002', 'cf00000002', 'héllo'),
    };

    it('adds an inline fragment at the next rank, counting bytes', () => {
      spec
        .given(history)
        .when(add)
        .then([
          contentFragmentAdded('frgmsg0002', 3, 'cf00000002', { at: NOW, textContent: 'héllo', textBytes: 6 }),
        ]);
    });

    it('supersedes an older fragment: same contentFragmentId, older version marked', () => {
      spec
        .given(history)
        .when({ ...add, supersededContentFragmentId: 'cf00000001' })
        .then([
          contentFragmentAdded('frgmsg0002', 3, 'cf00000001', { at: NOW, textContent: 'héllo', textBytes: 6 }),
          {
            type: 'ContentFragmentSuperseded',
            data: { ...eventBase, messageId: 'frgmsg0001', contentFragmentId: 'cf00000001', supersededByMessageId: 'frgmsg0002' },
          },
        ]);
      spec
        .given(history)
        .when({ ...add, supersededContentFragmentId: 'unknown000' })
        .thenThrows('invalid_request_error');
    });

    it('references a content node', () => {
      const [event] = spec
        .given(history)
        .when({
          ...add,
          source: { kind: 'content_node', nodeId: 'node1', nodeDataSourceViewId: 'dsv_1', nodeType: 'document' },
        })
        .events();
      expect(event.data).toMatchObject({
        contentFragmentType: 'content_node',
        nodeId: 'node1',
        nodeDataSourceViewId: 'dsv_1',
        nodeType: 'document',
        fileId: null,
        textContent: null,
      });
    });
  });

  describe('title, visibility, metadata, deletion', () => {
    it('changes the title once', () => {
      spec
        .given(history)
        .when({ type: 'ChangeTitle', ...commandBase, title: 'New' })
        .then([{ type: 'ConversationTitleChanged', data: { ...eventBase, title: 'New' } }]);
      spec.given(history).when({ type: 'ChangeTitle', ...commandBase, title: 'Hello' }).thenNothing();
    });

    it('changes visibility; "deleted" deletes', () => {
      spec
        .given(history)
        .when({ type: 'ChangeVisibility', ...commandBase, visibility: 'test' })
        .then([{ type: 'ConversationVisibilityChanged', data: { ...eventBase, visibility: 'test' } }]);
      spec.given(history).when({ type: 'ChangeVisibility', ...commandBase, visibility: 'unlisted' }).thenNothing();
      spec
        .given(history)
        .when({ type: 'ChangeVisibility', ...commandBase, visibility: 'deleted' })
        .then([{ type: 'ConversationDeleted', data: { ...eventBase, deletedBy: null } }]);
    });

    it('changes metadata only when it differs', () => {
      spec
        .given(history)
        .when({ type: 'ChangeMetadata', ...commandBase, metadata: { a: 1 } })
        .then([{ type: 'ConversationMetadataChanged', data: { ...eventBase, metadata: { a: 1 } } }]);
      spec.given(history).when({ type: 'ChangeMetadata', ...commandBase, metadata: null }).thenNothing();
    });

    it('moves into a project once', () => {
      const moved: ConversationEvent = { type: 'ConversationMovedToProject', data: { ...eventBase, spaceId: 'vlt_project1' } };
      spec.given(history).when({ type: 'MoveToProject', ...commandBase, spaceId: 'vlt_project1' }).then([moved]);
      spec.given([...history, moved]).when({ type: 'MoveToProject', ...commandBase, spaceId: 'vlt_project1' }).thenNothing();
    });

    it('deletes once; a missing conversation is not found', () => {
      const deleted: ConversationEvent = { type: 'ConversationDeleted', data: { ...eventBase, deletedBy: 'usr0000001' } };
      spec.given(history).when({ type: 'DeleteConversation', ...commandBase, deletedBy: 'usr0000001' }).then([deleted]);
      spec.given([...history, deleted]).when({ type: 'DeleteConversation', ...commandBase, deletedBy: null }).thenNothing();
      spec.given([]).when({ type: 'DeleteConversation', ...commandBase, deletedBy: null }).thenThrows('conversation_not_found');
      spec.given([...history, deleted]).when({ type: 'ChangeTitle', ...commandBase, title: 'x' }).thenThrows('conversation_not_found');
    });
  });

  describe('read state', () => {
    const read = { type: 'MarkRead' as const, ...commandBase, userId: bob.userId };
    const unread = { type: 'MarkUnread' as const, ...commandBase, userId: bob.userId };
    const readEvent = (read: boolean): ConversationEvent => ({
      type: 'ConversationReadStateChanged',
      data: { ...eventBase, userId: bob.userId, read },
    });

    it('marks read once until new activity', () => {
      spec.given(history).when(read).then([readEvent(true)]);
      spec.given([...history, readEvent(true)]).when(read).thenNothing();
      const later = userMessagePosted('usrmsg0002', 3, [], { at: NOW + 1 });
      spec
        .given([...history, readEvent(true), later])
        .when({ ...read, now: NOW + 2 })
        .then([{ type: 'ConversationReadStateChanged', data: { ...eventBase, at: NOW + 2, userId: bob.userId, read: true } }]);
    });

    it('counts posting as reading for the author', () => {
      spec
        .given([conversationCreated(), userMessagePosted('usrmsg0001', 0)])
        .when({ ...read, userId: fixtureUser().sId })
        .thenNothing();
    });

    it('marks unread only what was read', () => {
      spec.given(history).when(unread).thenNothing();
      spec.given([...history, readEvent(true)]).when(unread).then([readEvent(false)]);
      spec.given([...history, readEvent(true), readEvent(false)]).when(unread).thenNothing();
    });
  });

  describe('reactions', () => {
    const react = { type: 'AddReaction' as const, ...commandBase, messageId: 'usrmsg0001', emoji: '+1', user: bob };
    const added: ConversationEvent = { type: 'ReactionAdded', data: { ...eventBase, messageId: 'usrmsg0001', emoji: '+1', user: bob } };

    it('adds and removes a reaction idempotently', () => {
      spec.given(history).when(react).then([added]);
      spec.given([...history, added]).when(react).thenNothing();
      spec
        .given([...history, added])
        .when({ ...react, type: 'RemoveReaction' })
        .then([{ type: 'ReactionRemoved', data: added.data }]);
      spec.given(history).when({ ...react, type: 'RemoveReaction' }).thenNothing();
    });

    it('refuses fragments and unknown messages', () => {
      spec.given(history).when({ ...react, messageId: 'frgmsg0001' }).thenThrows('invalid_request_error');
      spec.given(history).when({ ...react, messageId: 'unknown000' }).thenThrows('message_not_found');
    });

    it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf'])('treats an emoji named %s like any other', (emoji) => {
      const named: ConversationEvent = { type: 'ReactionAdded', data: { ...added.data, emoji } };
      spec.given(history).when({ ...react, emoji }).then([named]);
      spec.given([...history, named]).when({ ...react, emoji }).thenNothing();
      spec.given([...history, named]).when({ ...react, emoji, type: 'RemoveReaction' }).then([{ type: 'ReactionRemoved', data: named.data }]);
      spec.given(history).when({ ...react, emoji, type: 'RemoveReaction' }).thenNothing();
    });

    it.each(['__proto__', 'toString', 'constructor'])('answers message_not_found for a message id named %s', (messageId) => {
      spec.given(history).when({ ...react, messageId }).thenThrows('message_not_found');
      spec.given(history).when({ type: 'RemoveFeedback', ...commandBase, messageId, user: bob }).thenThrows('message_not_found');
    });
  });

  describe('feedback', () => {
    const give = {
      type: 'GiveFeedback' as const,
      ...commandBase,
      messageId: 'agtmsg0001',
      user: bob,
      thumbDirection: 'up' as const,
      content: null,
      isConversationShared: false,
    };
    const { type: _type, now: _now, conversationId: _c, workspaceId: _w, ...given } = give;
    const givenEvent: ConversationEvent = { type: 'AgentMessageFeedbackGiven', data: { ...eventBase, ...given } };
    const remove = { type: 'RemoveFeedback' as const, ...commandBase, messageId: 'agtmsg0001', user: bob };

    it('gives, changes and removes feedback on agent messages', () => {
      spec.given(history).when(give).then([givenEvent]);
      spec.given([...history, givenEvent]).when(give).thenNothing();
      spec
        .given([...history, givenEvent])
        .when({ ...give, thumbDirection: 'down', content: 'wrong' })
        .then([{ type: 'AgentMessageFeedbackGiven', data: { ...givenEvent.data, thumbDirection: 'down', content: 'wrong' } }]);
      spec
        .given([...history, givenEvent])
        .when(remove)
        .then([{ type: 'AgentMessageFeedbackRemoved', data: { ...eventBase, messageId: 'agtmsg0001', user: bob } }]);
    });

    it('refuses user messages and removing absent feedback', () => {
      spec.given(history).when({ ...give, messageId: 'usrmsg0001' }).thenThrows('invalid_request_error');
      spec.given(history).when(remove).thenThrows('invalid_request_error', 'No feedback');
    });
  });
});
