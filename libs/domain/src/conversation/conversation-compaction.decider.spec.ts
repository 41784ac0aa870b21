import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { conversationCreated } from '@app/contracts/test/conversation.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import { NOW, commandBase, eventBase, finishedConversation, postCommand } from '../../test/conversation-decider.fixtures';
import type { StartCompaction } from './conversation.commands';
import { BLOCKING_WORK_STALE_AFTER_MS } from './conversation.decide-compaction';
import { conversationDecider } from './conversation.decider';
import { CONVERSATION_ERROR_MESSAGES } from './conversation.errors';

/** Compaction. */
const spec = deciderSpec(conversationDecider);

const start: StartCompaction = { type: 'StartCompaction', ...commandBase, messageId: 'cmpmsg0001', trigger: 'manual' };
const post = postCommand;
const compactionCreated = (coversUpToRank = 2, at = eventBase): ConversationEvent => ({
  type: 'CompactionMessageCreated',
  data: { ...at, messageId: 'cmpmsg0001', rank: 2, coversUpToRank, trigger: 'manual' },
});
const compactionCompleted = (status: 'succeeded' | 'failed'): ConversationEvent => ({
  type: 'CompactionMessageCompleted',
  data: { ...eventBase, messageId: 'cmpmsg0001', status, content: status === 'succeeded' ? 'sum' : null, error: status === 'failed' ? 'boom' : null },
});
const finished = finishedConversation;

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
