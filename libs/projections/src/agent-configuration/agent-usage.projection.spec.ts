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

  it('applying the same events twice changes nothing', () => {
    const once = project(projection, recorded);
    expect(project(projection, recorded, once)).toEqual(once);
  });
});
