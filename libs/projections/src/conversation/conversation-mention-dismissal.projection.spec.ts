import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { FIXTURE_CONVERSATION_ID as CID, conversationCreated, fixtureBase, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { conversationMessageDocumentId } from '@app/contracts/read-models/conversation.read-models';
import { conversationMessageProjection } from './conversation-message.projection';
import { conversationProjection } from './conversation.projection';
import { project, recordAll } from '../../test/conversation-recorded.fixtures';

const LEDGER = 'agtledger1';
const posted = (messageId: string, rank: number): ConversationEvent =>
  userMessagePosted(messageId, rank, [], {
    mentions: [{ configurationId: LEDGER }, { type: 'user', userId: LEDGER }],
    mentionDisplays: [
      { id: LEDGER, type: 'agent', label: 'ledger', pictureUrl: '', description: '', status: 'agent_restricted_by_space_usage' },
      { id: LEDGER, type: 'user', label: 'Namesake', pictureUrl: '', description: '', status: 'user_restricted_by_conversation_access' },
    ],
  });
const dismissed: ConversationEvent = {
  type: 'MentionDismissed',
  data: { ...fixtureBase(9), messageId: 'usrmsg0001', mentionType: 'agent', mentionId: LEDGER, dismissedBy: 'usr0000001' },
};

describe('conversation projections: MentionDismissed', () => {
  it("marks the message's mention of that agent dismissed, keeping its status, once", () => {
    const recorded = recordAll([conversationCreated(), posted('usrmsg0001', 0), dismissed], 1);
    const docs = project(conversationMessageProjection, recorded);
    const message = docs.get(conversationMessageDocumentId(CID, 'usrmsg0001'))?.message;
    expect(message).toMatchObject({
      richMentions: [
        { id: LEDGER, type: 'agent', status: 'agent_restricted_by_space_usage', dismissed: true },
        { id: LEDGER, type: 'user', status: 'user_restricted_by_conversation_access', dismissed: false },
      ],
    });
    expect(project(conversationMessageProjection, recorded, docs)).toEqual(docs);
  });

  it('changes nothing about who takes part', () => {
    const before = project(conversationProjection, recordAll([conversationCreated(), posted('usrmsg0001', 0)], 1)).get(CID);
    const after = project(conversationProjection, recordAll([conversationCreated(), posted('usrmsg0001', 0), dismissed], 1)).get(CID);
    expect(after?.participants).toEqual(before?.participants);
  });
});
