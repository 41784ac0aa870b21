import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  FIXTURE_CONVERSATION_ID as CID,
  FIXTURE_WORKSPACE_ID as WID,
  T0,
  agentMessageCreated,
  conversationCreated,
  fixtureBase,
  fixtureUser,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import { conversationParticipantDocumentId } from '@app/contracts/read-models/conversation.read-models';
import { conversationParticipantProjection as projection } from './conversation-participant.projection';
import { project, recordAll } from '../../test/conversation-recorded.fixtures';

const alice = fixtureUser('usralice01');
const bob = fixtureUser('usrbob0001');
/** A member Bob mentioned, whose mention he approved. */
const carl = 'usrcarl001';
const history: ConversationEvent[] = [
  conversationCreated({ createdBy: alice }),
  userMessagePosted('usrmsg0001', 1, [], { user: bob }),
  agentMessageCreated('agtmsg0001', 2, 'usrmsg0001'),
  userMessagePosted('usrmsg0002', 3, [], { user: null, agenticMessageData: null }),
  {
    type: 'UserMessageEdited',
    data: { ...userMessagePosted('usrmsg0003', 1, [], { user: bob }).data, version: 1, previousMessageId: 'usrmsg0001' },
  },
  { type: 'UserMentionDecided', data: { ...fixtureBase(2), messageId: 'usrmsg0003', userId: carl, status: 'approved', decidedBy: bob.sId } },
];
const recorded = recordAll(history, 11);
const aliceId = conversationParticipantDocumentId(CID, alice.sId);
const bobId = conversationParticipantDocumentId(CID, bob.sId);
const carlId = conversationParticipantDocumentId(CID, carl);

describe('conversation participant projection', () => {
  it('keeps one row per creator, poster or approved mention', () => {
    const docs = project(projection, recorded);
    expect([...docs.keys()].sort()).toEqual([aliceId, bobId, carlId].sort());
    expect(docs.get(carlId)).toMatchObject({ userId: carl, joinedAt: T0 + 2, lastPostedAt: null });
    expect(docs.get(aliceId)).toEqual({
      workspaceId: WID,
      conversationId: CID,
      userId: alice.sId,
      joinedAt: T0,
      lastPostedAt: null,
      lastPosition: 11,
    });
    expect(docs.get(bobId)).toEqual({
      workspaceId: WID,
      conversationId: CID,
      userId: bob.sId,
      joinedAt: T0 + 1,
      lastPostedAt: T0 + 1,
      lastPosition: 15,
    });
  });

  it('ignores messages without a user and events that add no participant', () => {
    expect(projection.documentIds(recorded[2])).toEqual([]);
    expect(projection.documentIds(recorded[3])).toEqual([]);
  });

  it('is idempotent for every event type it handles, including redelivery after later events', () => {
    expect(new Set(history.map((e) => e.type))).toEqual(
      new Set([...projection.canHandle, 'AgentMessageCreated']),
    );
    recorded.forEach((event, i) => {
      const before = project(projection, recorded.slice(0, i + 1));
      const again = project(projection, [event], before);
      expect(again).toEqual(before);
    });
    const final = project(projection, recorded);
    expect(project(projection, recorded, final)).toEqual(final);
  });

  it('adds a member a posted message lets in (mentioned approved), who has posted nothing; a pending or unrated mention lets no one in', () => {
    const dave = 'usrdave001';
    const erin = 'usrerin001';
    const mentions = { mentions: [{ type: 'user' as const, userId: dave }, { type: 'user' as const, userId: erin }, { type: 'user' as const, userId: carl }] };
    const letIn = userMessagePosted('usrmsg0009', 9, [], {
      user: bob,
      ...mentions,
      mentionDisplays: [
        { id: dave, type: 'user', label: 'Dave', pictureUrl: '', description: '', status: 'approved' },
        { id: erin, type: 'user', label: 'Erin', pictureUrl: '', description: '', status: 'pending_conversation_access' },
        { id: carl, type: 'user', label: 'Carl', pictureUrl: '', description: '' },
      ],
    });
    const docs = project(projection, recordAll([conversationCreated({ createdBy: alice }), letIn], 11));
    expect([...docs.keys()].sort()).toEqual([aliceId, bobId, conversationParticipantDocumentId(CID, dave)].sort());
    expect(docs.get(conversationParticipantDocumentId(CID, dave))).toMatchObject({ userId: dave, lastPostedAt: null });
    expect(docs.get(bobId)?.lastPostedAt).not.toBeNull();
  });
});
