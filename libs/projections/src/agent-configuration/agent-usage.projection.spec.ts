import type { ConversationEvent } from '@app/contracts/events/conversation.events';
import {
  FIXTURE_CONVERSATION_ID as CID,
  FIXTURE_WORKSPACE_ID as WID,
  T0,
  agentMessageCreated,
  fixtureAgent,
  fixtureBase,
  fixtureUser,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import { agentUsageProjection as projection } from './agent-usage.projection';
import { project, recordAll } from '../../test/conversation-recorded.fixtures';

const alice = fixtureUser('usralice01');
const helper = fixtureAgent('helper0001');
const acting = { userId: alice.sId, username: 'alice', fullName: null };
const history: ConversationEvent[] = [
  userMessagePosted('usrmsg0001', 1, [helper], { user: alice }),
  agentMessageCreated('agtmsg0001', 2, 'usrmsg0001', { configuration: helper }),
  { type: 'AgentMessageFeedbackGiven', data: { ...fixtureBase(3), messageId: 'agtmsg0001', user: acting, thumbDirection: 'down', content: null, isConversationShared: false } },
  { type: 'AgentMessageFeedbackGiven', data: { ...fixtureBase(4), messageId: 'agtmsg0001', user: acting, thumbDirection: 'up', content: null, isConversationShared: false } },
  userMessagePosted('usrmsg0002', 5, [], { user: null }),
  agentMessageCreated('agtmsg0002', 6, 'usrmsg0002'),
  { type: 'AgentMessageFeedbackGiven', data: { ...fixtureBase(7), messageId: 'agtmsg0002', user: acting, thumbDirection: 'down', content: null, isConversationShared: false } },
  { type: 'AgentMessageFeedbackRemoved', data: { ...fixtureBase(8), messageId: 'agtmsg0002', user: acting } },
];
const recorded = recordAll(history, 21);

describe('agent usage projection', () => {
  it('attributes each agent message to its agent and to the author of the message it answers', () => {
    const doc = project(projection, recorded).get(CID);
    expect(doc).toEqual({
      workspaceId: WID,
      conversationId: CID,
      userMessageAuthors: { usrmsg0001: alice.sId, usrmsg0002: null },
      agentMessages: {
        agtmsg0001: { agentId: 'helper0001', userId: alice.sId, at: T0 + 2 },
        agtmsg0002: { agentId: 'agent00001', userId: null, at: T0 + 6 },
      },
      feedbacks: { agtmsg0001: { [alice.sId]: 'up' }, agtmsg0002: {} },
      lastPosition: 28,
    });
  });

  it('keeps ids named like Object.prototype members as plain entries, across a JSON round-trip of the document', () => {
    const proto = { userId: '__proto__', username: 'p', fullName: null };
    const author = fixtureUser('toString');
    const events = recordAll(
      [
        userMessagePosted('__proto__', 1, [helper], { user: author }),
        agentMessageCreated('constructor', 2, '__proto__', { configuration: helper }),
        { type: 'AgentMessageFeedbackGiven', data: { ...fixtureBase(3), messageId: 'constructor', user: proto, thumbDirection: 'up', content: null, isConversationShared: false } },
        { type: 'AgentMessageFeedbackGiven', data: { ...fixtureBase(4), messageId: 'toString', user: acting, thumbDirection: 'up', content: null, isConversationShared: false } },
      ],
      21,
    );
    // Stores keep documents as JSON: each event is applied to what a store would give back.
    const stored = new Map<string, ReturnType<typeof projection.evolve> & object>();
    for (const event of events) {
      const reread = new Map([...stored].map(([id, doc]) => [id, JSON.parse(JSON.stringify(doc))]));
      for (const [id, doc] of project(projection, [event], reread)) stored.set(id, doc);
    }
    const doc = JSON.parse(JSON.stringify(stored.get(CID)));
    expect(Object.keys(doc.userMessageAuthors)).toEqual(['__proto__']);
    expect(doc.agentMessages.constructor).toEqual({ agentId: 'helper0001', userId: 'toString', at: T0 + 2 });
    expect(Object.getOwnPropertyDescriptor(doc.feedbacks.constructor, '__proto__')?.value).toBe('up');
    expect(Object.getOwnPropertyDescriptor(doc.feedbacks, 'toString')?.value).toEqual({ [alice.sId]: 'up' });
    const removed = project(projection, recordAll([{ type: 'AgentMessageFeedbackRemoved', data: { ...fixtureBase(5), messageId: 'constructor', user: proto } }], 30), new Map([[CID, doc]]));
    expect(Object.keys(removed.get(CID)?.feedbacks.constructor ?? { missing: 1 })).toEqual([]);
  });

  it('never reads an inherited member as an entry', () => {
    const toStringUser = { userId: 'toString', username: 't', fullName: null };
    const doc = project(
      projection,
      recordAll(
        [
          agentMessageCreated('agtmsg0001', 1, 'toString', { configuration: helper }),
          { type: 'AgentMessageFeedbackRemoved', data: { ...fixtureBase(2), messageId: 'valueOf', user: toStringUser } },
        ],
        21,
      ),
    ).get(CID);
    expect(doc?.agentMessages.agtmsg0001).toEqual({ agentId: 'helper0001', userId: null, at: T0 + 1 });
    expect(doc?.feedbacks).toEqual({});
  });

  it('applying the same events twice changes nothing', () => {
    const once = project(projection, recorded);
    expect(project(projection, recorded, once)).toEqual(once);
  });
});
