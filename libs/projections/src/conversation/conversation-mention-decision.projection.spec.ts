import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { FIXTURE_CONVERSATION_ID as CID, conversationCreated, fixtureBase, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { conversationMessageDocumentId } from '@app/contracts/read-models/conversation.read-models';
import { conversationMessageProjection } from './conversation-message.projection';
import { conversationParticipantProjection } from './conversation-participant.projection';
import { conversationProjection } from './conversation.projection';
import { project, recordAll } from '../../test/conversation-recorded.fixtures';

const BOB = 'usrbob0001';
const posted = (messageId: string, rank: number): ConversationEvent =>
  userMessagePosted(messageId, rank, [], {
    mentions: [{ type: 'user', userId: BOB }],
    mentionDisplays: [{ id: BOB, type: 'user', label: 'Bob', pictureUrl: '', description: '', status: 'pending_conversation_access' }],
  });
const decided = (messageId: string, status: 'approved' | 'rejected'): ConversationEvent => ({
  type: 'UserMentionDecided',
  data: { ...fixtureBase(9), messageId, userId: BOB, status, decidedBy: 'usr0000001' },
});

describe('conversation projections: UserMentionDecided', () => {
  it("gives the message's mention of the member the decided status, once", () => {
    const recorded = recordAll([conversationCreated(), posted('usrmsg0001', 0), decided('usrmsg0001', 'rejected')], 1);
    const docs = project(conversationMessageProjection, recorded);
    const message = docs.get(conversationMessageDocumentId(CID, 'usrmsg0001'))?.message;
    expect(message).toMatchObject({ richMentions: [{ id: BOB, status: 'rejected' }] });
    expect(project(conversationMessageProjection, recorded, docs)).toEqual(docs);
  });

  it('lets an approved member take part, and keeps a rejected one out', () => {
    const approved = project(conversationProjection, recordAll([conversationCreated(), posted('usrmsg0001', 0), decided('usrmsg0001', 'approved')], 1));
    expect(approved.get(CID)?.participants).toContain(BOB);
    const rejected = project(conversationProjection, recordAll([conversationCreated(), posted('usrmsg0001', 0), decided('usrmsg0001', 'rejected')], 1));
    expect(rejected.get(CID)?.participants).not.toContain(BOB);
    const rows = project(conversationParticipantProjection, recordAll([conversationCreated(), posted('usrmsg0001', 0), decided('usrmsg0001', 'approved')], 1));
    expect(rows.get(`${CID}:${BOB}`)).toMatchObject({ userId: BOB, lastPostedAt: null });
  });

  it('lets in, with no decision, a member a posted message mentions approved (a member of the project)', () => {
    const approved = userMessagePosted('usrmsg0001', 0, [], {
      mentions: [{ type: 'user', userId: BOB }],
      mentionDisplays: [{ id: BOB, type: 'user', label: 'Bob', pictureUrl: '', description: '', status: 'approved' }],
    });
    expect(project(conversationProjection, recordAll([conversationCreated(), approved], 1)).get(CID)?.participants).toContain(BOB);
    expect(project(conversationProjection, recordAll([conversationCreated(), posted('usrmsg0001', 0)], 1)).get(CID)?.participants).not.toContain(BOB);
  });
});
