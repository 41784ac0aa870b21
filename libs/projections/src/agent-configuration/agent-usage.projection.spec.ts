import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
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
import { agentFeedbackProjection } from './agent-feedback.projection';
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
  it('attributes each agent message to its agent, in the document of the user message it answers', () => {
    const docs = project(projection, recorded);
    expect(Object.fromEntries(docs)).toEqual({
      [`${CID}:usrmsg0001`]: {
        workspaceId: WID,
        conversationId: CID,
        userMessageId: 'usrmsg0001',
        userId: alice.sId,
        agentMessages: { agtmsg0001: { agentId: 'helper0001', at: T0 + 2 } },
        lastPosition: 22,
      },
      [`${CID}:usrmsg0002`]: {
        workspaceId: WID,
        conversationId: CID,
        userMessageId: 'usrmsg0002',
        userId: null,
        agentMessages: { agtmsg0002: { agentId: 'agent00001', at: T0 + 6 } },
        lastPosition: 26,
      },
    });
  });

  it('keeps the thumbs of each agent message by user, one document per message', () => {
    const docs = project(agentFeedbackProjection, recorded);
    expect(Object.fromEntries([...docs].map(([id, doc]) => [id, doc.thumbs]))).toEqual({
      [`${CID}:agtmsg0001`]: { [alice.sId]: 'up' },
      [`${CID}:agtmsg0002`]: {},
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
      ],
      21,
    );
    // Stores keep documents as JSON: each event is applied to what a store would give back.
    const roundTrip = <D extends object>(docs: Map<string, D>): Map<string, D> => new Map([...docs].map(([id, doc]) => [id, JSON.parse(JSON.stringify(doc))]));
    let usage = new Map();
    let feedback = new Map();
    for (const event of events) {
      usage = project(projection, [event], roundTrip(usage));
      feedback = project(agentFeedbackProjection, [event], roundTrip(feedback));
    }
    const doc = JSON.parse(JSON.stringify(usage.get(`${CID}:__proto__`)));
    expect(doc).toMatchObject({ userMessageId: '__proto__', userId: 'toString' });
    expect(Object.getOwnPropertyDescriptor(doc.agentMessages, 'constructor')?.value).toEqual({ agentId: 'helper0001', at: T0 + 2 });
    const thumbs = JSON.parse(JSON.stringify(feedback.get(`${CID}:constructor`))).thumbs;
    expect(Object.getOwnPropertyDescriptor(thumbs, '__proto__')?.value).toBe('up');
    const removed = project(
      agentFeedbackProjection,
      recordAll([{ type: 'AgentMessageFeedbackRemoved', data: { ...fixtureBase(5), messageId: 'constructor', user: proto } }], 30),
      roundTrip(feedback),
    );
    expect(Object.keys(removed.get(`${CID}:constructor`)?.thumbs ?? { missing: 1 })).toEqual([]);
  });

  it('never reads an inherited member as an entry', () => {
    const toStringUser = { userId: 'toString', username: 't', fullName: null };
    const events = recordAll(
      [
        agentMessageCreated('agtmsg0001', 1, 'toString', { configuration: helper }),
        { type: 'AgentMessageFeedbackRemoved', data: { ...fixtureBase(2), messageId: 'valueOf', user: toStringUser } },
      ],
      21,
    );
    expect(project(projection, events).get(`${CID}:toString`)).toMatchObject({ userId: null, agentMessages: { agtmsg0001: { agentId: 'helper0001', at: T0 + 1 } } });
    expect(project(agentFeedbackProjection, events).size).toBe(0);
  });

  it('applying the same events twice changes nothing', () => {
    const once = project(projection, recorded);
    expect(project(projection, recorded, once)).toEqual(once);
    const thumbs = project(agentFeedbackProjection, recorded);
    expect(project(agentFeedbackProjection, recorded, thumbs)).toEqual(thumbs);
  });
});
