import type { ConversationEvent } from '@app/contracts/events/conversation.events';
import { conversationCreated, fixtureUser, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import { NOW, agentA, answered, commandBase, eventBase, succeeded } from '../../test/conversation-decider.fixtures';
import type { PostUserMessage, StartCompaction } from './conversation.commands';
import { BLOCKING_WORK_STALE_AFTER_MS } from './conversation.decide-long';
import { conversationDecider } from './conversation.decider';
import { CONVERSATION_ERROR_MESSAGES } from './conversation.errors';

/** Compaction and forking. */
const spec = deciderSpec(conversationDecider);

const start: StartCompaction = { type: 'StartCompaction', ...commandBase, messageId: 'cmpmsg0001', trigger: 'manual' };
const post: PostUserMessage = {
  type: 'PostUserMessage',
  ...commandBase,
  messageId: 'usrmsg0009',
  content: 'hello',
  mentions: [],
  context: { username: 'ada', timezone: 'UTC' },
  user: null,
  mentionedAgents: [],
  agentMessageIds: [],
};
const compactionCreated = (coversUpToRank = 2, at = eventBase): ConversationEvent => ({
  type: 'CompactionMessageCreated',
  data: { ...at, messageId: 'cmpmsg0001', rank: 2, coversUpToRank, trigger: 'manual' },
});
const compactionCompleted = (status: 'succeeded' | 'failed'): ConversationEvent => ({
  type: 'CompactionMessageCompleted',
  data: { ...eventBase, messageId: 'cmpmsg0001', status, content: status === 'succeeded' ? 'sum' : null, error: status === 'failed' ? 'boom' : null },
});
const finished = [...answered, succeeded('agtmsg0001')];

describe('conversation decider: compaction', () => {
  it('creates a compaction message at the end, covering everything so far by default', () => {
    spec.given(finished).when(start).then([compactionCreated(2)]);
  });

  it('covers only the ranks asked for (a run compacts what precedes the message it answers)', () => {
    spec.given(finished).when({ ...start, trigger: 'threshold', coversUpToRank: 1 }).then([
      { type: 'CompactionMessageCreated', data: { ...eventBase, messageId: 'cmpmsg0001', rank: 2, coversUpToRank: 1, trigger: 'threshold' } },
    ]);
  });

  it('refuses posting and editing while compacting with 409 and the exact message', () => {
    const [error] = (() => {
      try {
        conversationDecider.decide(post, [...finished, compactionCreated()].reduce(conversationDecider.evolve, conversationDecider.initialState()));
        return [null];
      } catch (caught) {
        return [caught as { status?: number; message: string }];
      }
    })();
    expect(error).toMatchObject({ status: 409, message: 'User messages cannot be posted while conversation is being compacted.' });
    spec.given([...finished, compactionCreated()]).when({ ...start, messageId: 'cmpmsg0002' }).thenThrows('invalid_request_error', CONVERSATION_ERROR_MESSAGES.alreadyCompacting);
  });

  it('opens posting again once the compaction succeeded or failed', () => {
    for (const status of ['succeeded', 'failed'] as const) {
      const events = spec.given([...finished, compactionCreated(), compactionCompleted(status)]).when(post).events();
      expect(events.map((e) => e.type)).toEqual(['UserMessagePosted']);
    }
  });

  it('does not let a compaction whose writer died block posting forever', () => {
    const events = spec.given([...finished, compactionCreated()]).when({ ...post, now: NOW + BLOCKING_WORK_STALE_AFTER_MS }).events();
    expect(events.map((e) => e.type)).toEqual(['UserMessagePosted']);
  });

  it('has nothing to compact in an empty conversation or right after a successful compaction', () => {
    spec.given([conversationCreated()]).when(start).thenThrows('invalid_request_error', CONVERSATION_ERROR_MESSAGES.nothingToCompact);
    spec
      .given([...finished, compactionCreated(), compactionCompleted('succeeded')])
      .when({ ...start, messageId: 'cmpmsg0002' })
      .thenThrows('invalid_request_error', CONVERSATION_ERROR_MESSAGES.nothingToCompact);
  });

  it('records the end once: a repeat, or the end of another compaction, is nothing', () => {
    const complete = { type: 'CompleteCompaction' as const, ...commandBase, messageId: 'cmpmsg0001', status: 'succeeded' as const, content: 'sum', error: null };
    spec.given([...finished, compactionCreated()]).when(complete).then([compactionCompleted('succeeded')]);
    spec.given([...finished, compactionCreated(), compactionCompleted('succeeded')]).when(complete).thenNothing();
    spec.given([...finished, compactionCreated()]).when({ ...complete, messageId: 'other00001' }).thenNothing();
  });

  it('refuses reactions on compaction messages', () => {
    spec
      .given([...finished, compactionCreated()])
      .when({ type: 'AddReaction', ...commandBase, messageId: 'cmpmsg0001', emoji: '+1', user: { userId: 'u1', username: 'u', fullName: null } })
      .thenThrows('invalid_request_error', CONVERSATION_ERROR_MESSAGES.notReactable);
  });
});

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
