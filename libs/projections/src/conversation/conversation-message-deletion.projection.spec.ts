import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  FIXTURE_CONVERSATION_ID as CID,
  agentMessageCreated,
  conversationCreated,
  fixtureBase,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import { conversationMessageDocumentId } from '@app/contracts/read-models/conversation.read-models';
import { conversationMessageProjection } from './conversation-message.projection';
import { project, recordAll } from '../../test/conversation-recorded.fixtures';

const deleted = (messageId: string, offsetMs: number): ConversationEvent => ({
  type: 'MessageDeleted',
  data: { ...fixtureBase(offsetMs), messageId, deletedBy: 'usr0000001' },
});

const history: ConversationEvent[] = [
  conversationCreated(),
  userMessagePosted('usrmsg0001', 0),
  agentMessageCreated('agtmsg0001', 1, 'usrmsg0001'),
  {
    type: 'AgentMessageStatusChanged',
    data: { ...fixtureBase(5), messageId: 'agtmsg0001', status: 'cancelled', completedTs: 5 },
  },
  deleted('usrmsg0001', 6),
  deleted('agtmsg0001', 6),
  // The run of the cancelled answer stops after the deletion: what it wrote stays hidden.
  {
    type: 'AgentMessageCancelledOutcomeRecorded',
    data: { ...fixtureBase(7), messageId: 'agtmsg0001', configurationId: 'agent00001', content: 'Secret', chainOfThought: 'Hmm', toolCalls: [], contents: [{ step: 0, content: { type: 'text_content', value: 'Secret' } }], completionDurationMs: 1 },
  },
];
const recordedHistory = recordAll(history, 1);
const messageOf = (docs: ReturnType<typeof project>, messageId: string) => docs.get(conversationMessageDocumentId(CID, messageId))?.message;

describe('conversation message projection: MessageDeleted', () => {
  it('shows a deleted user message with visibility deleted and its content replaced', () => {
    const docs = project(conversationMessageProjection, recordedHistory);
    expect(messageOf(docs, 'usrmsg0001')).toMatchObject({ visibility: 'deleted', content: 'deleted', mentions: [], richMentions: [] });
  });

  it('hides what a deleted answer said, even what its run records afterwards', () => {
    const docs = project(conversationMessageProjection, recordedHistory);
    expect(messageOf(docs, 'agtmsg0001')).toMatchObject({ visibility: 'deleted', status: 'cancelled', content: null, chainOfThought: null, contents: [] });
  });

  it('is idempotent: the same deletion twice changes nothing', () => {
    const once = project(conversationMessageProjection, recordedHistory.slice(0, 5));
    expect(project(conversationMessageProjection, [recordedHistory[4]!], once)).toEqual(once);
  });
});
