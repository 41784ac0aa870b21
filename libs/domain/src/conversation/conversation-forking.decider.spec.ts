import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { conversationCreated, fixtureUser, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import { NOW, agentA, commandBase, eventBase, finishedConversation, postCommand } from '../../test/conversation-decider.fixtures';
import { conversationDecider } from './conversation.decider';
import { CONVERSATION_ERROR_MESSAGES } from './conversation.errors';

/** Forking. */
const spec = deciderSpec(conversationDecider);
const post = postCommand;
const finished = finishedConversation;

describe('conversation decider: forking', () => {
  const origin = { parentConversationId: 'cnvparent1', parentConversationTitle: 'P', sourceMessageId: 'usrmsg0001', branchedAt: NOW, user: fixtureUser() };
  const forkCreated = conversationCreated({ forkedFrom: origin });
  const copied = userMessagePosted('usrcopy001', 0, [agentA]);

  it('records the child on the parent, for a message of the parent only', () => {
    const record = { type: 'RecordFork' as const, ...commandBase, childConversationId: 'cnvchild01', childConversationTitle: 'P', sourceMessageId: 'usrmsg0001', user: fixtureUser() };
    spec.given(finished).when(record).then([
      { type: 'ConversationForked', data: { ...eventBase, childConversationId: 'cnvchild01', childConversationTitle: 'P', sourceMessageId: 'usrmsg0001', branchedAt: NOW, user: fixtureUser() } },
    ]);
    spec.given(finished).when({ ...record, sourceMessageId: 'nosuchmsg1' }).thenThrows('message_not_found');
  });

  it('creates a fork with its copied messages, re-based on the fork', () => {
    const { at, ...created } = forkCreated.data;
    const events = spec
      .given([])
      .when({ type: 'CreateConversation', ...created, now: at, copiedMessages: [{ ...copied, data: { ...copied.data, conversationId: 'cnvparent1' } }] })
      .events();
    expect(events).toEqual([forkCreated, { ...copied, data: { ...copied.data, conversationId: forkCreated.data.conversationId, at } }]);
  });

  it('refuses posting while the fork is prepared (409), then records file copies and opens it', () => {
    spec.given([forkCreated, copied]).when(post).thenThrows('invalid_request_error', CONVERSATION_ERROR_MESSAGES.forkPreparing);
    spec
      .given([forkCreated])
      .when({ type: 'RecordForkFileCopy', ...commandBase, messageId: 'usrcopy001', sourceFileId: 'fil_a', outcome: { kind: 'copied', fileId: 'fil_b' } })
      .thenThrows('message_not_found');
    spec
      .given([forkCreated, copied])
      .when({ type: 'RecordForkFileCopy', ...commandBase, messageId: 'usrcopy001', sourceFileId: 'fil_a', outcome: { kind: 'failed', attempt: 1, reason: 'busy', final: false } })
      .then([{ type: 'ForkFileCopyFailed', data: { ...eventBase, messageId: 'usrcopy001', sourceFileId: 'fil_a', attempt: 1, reason: 'busy', final: false } }]);
    const prepared: ConversationEvent = { type: 'ForkPrepared', data: { ...eventBase, status: 'done' } };
    spec.given([forkCreated, copied]).when({ type: 'CompleteForkPreparation', ...commandBase, status: 'done' }).then([prepared]);
    spec.given([forkCreated, copied, prepared]).when({ type: 'CompleteForkPreparation', ...commandBase, status: 'done' }).thenNothing();
    expect(spec.given([forkCreated, copied, prepared]).when(post).events().map((e) => e.type)).toEqual(['UserMessagePosted']);
  });
});
