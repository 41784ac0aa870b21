import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { contentFragmentAdded, conversationCreated, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { commandBase, eventBase } from '../../test/conversation-decider.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { ExpireContentFragments } from './conversation.commands';
import { conversationDecider } from './conversation.decider';

/** Content fragments expire with the data source they point into. */
const spec = deciderSpec(conversationDecider);

const history: ConversationEvent[] = [
  conversationCreated(),
  contentFragmentAdded('frgmsg0001', 0, 'cf00000001', { contentFragmentType: 'content_node', nodeId: 'n1', nodeDataSourceViewId: 'dsv_1', nodeType: 'document' }),
  contentFragmentAdded('frgmsg0002', 1, 'cf00000002', { contentFragmentType: 'content_node', nodeId: 'n2', nodeDataSourceViewId: 'dsv_1', nodeType: 'document' }),
  userMessagePosted('usrmsg0001', 2),
];

const expire: ExpireContentFragments = {
  type: 'ExpireContentFragments',
  ...commandBase,
  messageIds: ['frgmsg0001', 'frgmsg0002'],
  reason: 'data_source_deleted',
  dataSourceId: 'dts_1',
};

const expired = (messageId: string, contentFragmentId: string): ConversationEvent => ({
  type: 'ContentFragmentExpired',
  data: { ...eventBase, messageId, contentFragmentId, reason: 'data_source_deleted', dataSourceId: 'dts_1' },
});

describe('conversation decider: ExpireContentFragments', () => {
  it('expires each named fragment once', () => {
    spec.given(history).when(expire).then([expired('frgmsg0001', 'cf00000001'), expired('frgmsg0002', 'cf00000002')]);
  });

  it('skips fragments already expired, so a replay records nothing', () => {
    spec.given([...history, expired('frgmsg0001', 'cf00000001')]).when(expire).then([expired('frgmsg0002', 'cf00000002')]);
    spec.given([...history, expired('frgmsg0001', 'cf00000001'), expired('frgmsg0002', 'cf00000002')]).when(expire).thenNothing();
  });

  it('ignores unknown ids, other kinds of message and repeats in the command', () => {
    spec.given(history).when({ ...expire, messageIds: ['usrmsg0001', 'missing000', 'frgmsg0002', 'frgmsg0002'] }).then([expired('frgmsg0002', 'cf00000002')]);
  });
});
