import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { MentionStatus } from '@app/contracts/events/conversation/conversation-event-values';
import { agentMessageCreated, conversationCreated, fixtureUser, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { commandBase, eventBase } from '../../test/conversation-decider.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { DismissMention } from './conversation.commands';
import { conversationDecider } from './conversation.decider';

/** A message's author dismissing a restricted mention of an agent or a member. */
const spec = deciderSpec(conversationDecider);
const AUTHOR = fixtureUser().sId;
const LEDGER = 'agtledger1';

const mentioning = (messageId: string, rank: number, status: MentionStatus): ConversationEvent =>
  userMessagePosted(messageId, rank, [], {
    mentions: [{ configurationId: LEDGER }],
    mentionDisplays: [{ id: LEDGER, type: 'agent', label: 'ledger', pictureUrl: '', description: '', status }],
  });

const dismiss = (overrides: Partial<DismissMention> = {}): DismissMention => ({
  type: 'DismissMention',
  ...commandBase,
  messageId: 'usrmsg0001',
  mentionType: 'agent',
  mentionId: LEDGER,
  dismissedBy: AUTHOR,
  ...overrides,
});

const dismissed = (messageId: string): ConversationEvent => ({
  type: 'MentionDismissed',
  data: { ...eventBase, messageId, mentionType: 'agent', mentionId: LEDGER, dismissedBy: AUTHOR },
});

describe('conversation decider: DismissMention', () => {
  const history = [
    conversationCreated(),
    mentioning('usrmsg0001', 0, 'agent_restricted_by_space_usage'),
    mentioning('usrmsg0002', 1, 'agent_restricted_by_space_usage'),
    mentioning('usrmsg0003', 2, 'approved'),
  ];

  it('dismisses every restricted mention of the agent, once', () => {
    spec.given(history).when(dismiss()).then([dismissed('usrmsg0001'), dismissed('usrmsg0002')]);
    spec.given([...history, dismissed('usrmsg0001'), dismissed('usrmsg0002')]).when(dismiss()).thenNothing();
  });

  it('leaves a mention that is not restricted, or of another type with the same id, alone', () => {
    spec.given([conversationCreated(), mentioning('usrmsg0001', 0, 'approved')]).when(dismiss()).thenNothing();
    spec.given(history).when(dismiss({ mentionType: 'user' })).thenNothing();
  });

  it("is the question's author's to dismiss, from the question or from an answer to it", () => {
    const answered = [...history, agentMessageCreated('agtmsg0001', 3, 'usrmsg0003')];
    spec.given(answered).when(dismiss({ messageId: 'agtmsg0001' })).then([dismissed('usrmsg0001'), dismissed('usrmsg0002')]);
    spec.given(answered).when(dismiss({ dismissedBy: 'usrother01' })).thenThrows('invalid_request_error', 'User is not authorized to dismiss this mention');
    spec.given(answered).when(dismiss({ messageId: 'agtmsg0001', dismissedBy: 'usrother01' })).thenThrows('invalid_request_error');
    spec.given(history).when(dismiss({ messageId: 'nosuchmsg1' })).thenThrows('message_not_found');
  });
});
