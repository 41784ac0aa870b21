import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { agentMessageCreated, contentFragmentAdded, conversationCreated, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { agentA, agentB, answered, commandBase, eventBase, finishedConversation } from '../../test/conversation-decider.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { DeleteUserMessage } from './conversation.commands';
import { conversationDecider } from './conversation.decider';

/** Deleting a user message: who may, what goes with it, and repeats. */
const spec = deciderSpec(conversationDecider);

const deleteCommand = (overrides: Partial<DeleteUserMessage> = {}): DeleteUserMessage => ({
  type: 'DeleteUserMessage',
  ...commandBase,
  messageId: 'usrmsg0001',
  deletedBy: 'usr0000001',
  byAdmin: false,
  ...overrides,
});

const deleted = (messageId: string, deletedBy: string | null = 'usr0000001'): ConversationEvent => ({
  type: 'MessageDeleted',
  data: { ...eventBase, messageId, deletedBy },
});

describe('conversation decider: DeleteUserMessage', () => {
  it('deletes the message and the answers to it', () => {
    spec
      .given(finishedConversation)
      .when(deleteCommand())
      .then([deleted('usrmsg0001'), deleted('agtmsg0001')]);
  });

  it('cancels an answer that is still running before deleting it', () => {
    spec
      .given(answered)
      .when(deleteCommand())
      .then([
        {
          type: 'AgentMessageStatusChanged',
          data: { ...eventBase, messageId: 'agtmsg0001', configurationId: agentA.sId, status: 'cancelled', completedTs: commandBase.now },
        },
        deleted('usrmsg0001'),
        deleted('agtmsg0001'),
      ]);
  });

  it('leaves the other messages alone', () => {
    const history = [
      ...finishedConversation,
      userMessagePosted('usrmsg0002', 2, [agentB]),
      agentMessageCreated('agtmsg0002', 3, 'usrmsg0002', { configuration: agentB }),
    ];
    spec.given(history).when(deleteCommand({ messageId: 'usrmsg0002' })).then([
      {
        type: 'AgentMessageStatusChanged',
        data: { ...eventBase, messageId: 'agtmsg0002', configurationId: agentB.sId, status: 'cancelled', completedTs: commandBase.now },
      },
      deleted('usrmsg0002'),
      deleted('agtmsg0002'),
    ]);
  });

  it('deletes the fragments attached just before it, not those of an earlier question', () => {
    const history = [
      conversationCreated(),
      contentFragmentAdded('frgmsg0001', 0, 'cf00000001'),
      userMessagePosted('usrmsg0001', 1),
      contentFragmentAdded('frgmsg0002', 2, 'cf00000002'),
      contentFragmentAdded('frgmsg0003', 3, 'cf00000003'),
      userMessagePosted('usrmsg0002', 4),
    ];
    spec.given(history).when(deleteCommand({ messageId: 'usrmsg0002' })).then([deleted('usrmsg0002'), deleted('frgmsg0003'), deleted('frgmsg0002')]);
    spec.given(history).when(deleteCommand()).then([deleted('usrmsg0001'), deleted('frgmsg0001')]);
  });

  it('lets an admin delete the message of another member', () => {
    spec
      .given(finishedConversation)
      .when(deleteCommand({ deletedBy: 'usr0000002', byAdmin: true }))
      .then([deleted('usrmsg0001', 'usr0000002'), deleted('agtmsg0001', 'usr0000002')]);
  });

  it('refuses anyone else', () => {
    spec
      .given(finishedConversation)
      .when(deleteCommand({ deletedBy: 'usr0000002' }))
      .thenThrows('message_deletion_not_authorized', 'You are not authorized to delete this message.');
    spec.given(finishedConversation).when(deleteCommand({ deletedBy: null })).thenThrows('message_deletion_not_authorized');
  });

  it('is a no-op once deleted', () => {
    spec.given([...finishedConversation, deleted('usrmsg0001'), deleted('agtmsg0001')]).when(deleteCommand()).thenNothing();
  });

  it('deletes only user messages', () => {
    spec.given(finishedConversation).when(deleteCommand({ messageId: 'agtmsg0001' })).thenThrows('invalid_request_error');
    spec
      .given([...finishedConversation, contentFragmentAdded('frgmsg0001', 2, 'cf00000001')])
      .when(deleteCommand({ messageId: 'frgmsg0001' }))
      .thenThrows('invalid_request_error');
    spec.given(finishedConversation).when(deleteCommand({ messageId: 'nosuchmsg1' })).thenThrows('message_not_found');
  });

  it('refuses to edit the deleted message or to retry its deleted answer', () => {
    const history = [...finishedConversation, deleted('usrmsg0001'), deleted('agtmsg0001')];
    spec
      .given(history)
      .when({ type: 'EditUserMessage', ...commandBase, messageId: 'usrmsg0001', newMessageId: 'usrmsg0002', content: 'again', mentions: [], editedBy: 'usr0000001', mentionedAgents: [], agentMessageIds: [] })
      .thenThrows('invalid_request_error', 'The message was deleted: it can no longer be edited.');
    spec
      .given(history)
      .when({ type: 'RetryAgentMessage', ...commandBase, messageId: 'agtmsg0001', newMessageId: 'agtmsg0002' })
      .thenThrows('invalid_request_error', 'The message was deleted: it can no longer be retried.');
  });
});
