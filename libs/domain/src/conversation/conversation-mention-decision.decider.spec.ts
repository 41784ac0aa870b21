import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { MentionStatus } from '@app/contracts/events/conversation/conversation-event-values';
import { conversationCreated, fixtureUser, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { commandBase, eventBase } from '../../test/conversation-decider.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { DecideUserMention } from './conversation.commands';
import { conversationDecider } from './conversation.decider';

/** A message's author approving or rejecting a pending mention of a member. */
const spec = deciderSpec(conversationDecider);
const AUTHOR = fixtureUser().sId;
const BOB = 'usrbob0001';

const mentioning = (messageId: string, rank: number, status: MentionStatus): ConversationEvent =>
  userMessagePosted(messageId, rank, [], {
    mentions: [{ type: 'user', userId: BOB }],
    mentionDisplays: [{ id: BOB, type: 'user', label: 'Bob', pictureUrl: '', description: '', status }],
  });

const decide = (overrides: Partial<DecideUserMention> = {}): DecideUserMention => ({
  type: 'DecideUserMention',
  ...commandBase,
  messageId: 'usrmsg0001',
  userId: BOB,
  decision: 'rejected',
  decidedBy: AUTHOR,
  ...overrides,
});

const decided = (messageId: string, status: 'approved' | 'rejected'): ConversationEvent => ({
  type: 'UserMentionDecided',
  data: { ...eventBase, messageId, userId: BOB, status, decidedBy: AUTHOR },
});

describe('conversation decider: DecideUserMention', () => {
  const history = [conversationCreated(), mentioning('usrmsg0001', 0, 'pending_conversation_access'), mentioning('usrmsg0002', 1, 'pending_project_membership')];

  it('decides every pending mention of the member, once', () => {
    spec.given(history).when(decide()).then([decided('usrmsg0001', 'rejected'), decided('usrmsg0002', 'rejected')]);
    spec.given([...history, decided('usrmsg0001', 'approved'), decided('usrmsg0002', 'approved')]).when(decide()).thenNothing();
  });

  it('leaves mentions that were not pending alone', () => {
    spec.given([conversationCreated(), mentioning('usrmsg0001', 0, 'approved')]).when(decide({ decision: 'approved' })).thenNothing();
  });

  it("is the message author's decision only", () => {
    spec.given(history).when(decide({ decidedBy: 'usrother01' })).thenThrows('invalid_request_error', 'User is not authorized to edit this mention');
    spec.given(history).when(decide({ messageId: 'nosuchmsg1' })).thenThrows('message_not_found');
  });
});
