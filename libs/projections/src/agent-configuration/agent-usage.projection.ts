import { isConversationEvent, type ConversationEvent } from '@app/contracts/events/conversation.events';
import type { AgentUsageDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { ownEntry } from '@app/contracts/read-models/own-entry';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/**
 * Agent activity per conversation: which agent wrote each agent message, for whom, and the thumbs
 * it got. Feedback events name the message only, so the message → agent map must live in the same
 * document as the feedback; a document per conversation keeps that map bounded.
 */
export const agentUsageProjection: Projection<AgentUsageDocument> = {
  ...READ_MODELS.agentUsage,
  // Read by workspace, in id order: the id ends the compound index.
  indexes: [{ equal: ['workspaceId'] }],
  canHandle: ['UserMessagePosted', 'UserMessageEdited', 'AgentMessageCreated', 'AgentMessageFeedbackGiven', 'AgentMessageFeedbackRemoved'],
  documentIds: (event) => (isConversationEvent(event) ? [event.data.conversationId] : []),
  evolve(doc, event) {
    if (!isConversationEvent(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    const current: AgentUsageDocument = doc ?? {
      workspaceId: event.data.workspaceId,
      conversationId: event.data.conversationId,
      userMessageAuthors: {},
      agentMessages: {},
      feedbacks: {},
      lastPosition: 0,
    };
    const next = apply(current, event);
    return next === current ? doc : { ...next, lastPosition: event.position };
  },
};

function apply(doc: AgentUsageDocument, event: ConversationEvent): AgentUsageDocument {
  switch (event.type) {
    case 'UserMessagePosted':
    case 'UserMessageEdited':
      return { ...doc, userMessageAuthors: { ...doc.userMessageAuthors, [event.data.messageId]: event.data.user?.sId ?? null } };
    case 'AgentMessageCreated': {
      const { messageId, parentMessageId, configuration, at } = event.data;
      const userId = ownEntry(doc.userMessageAuthors, parentMessageId) ?? null;
      return { ...doc, agentMessages: { ...doc.agentMessages, [messageId]: { agentId: configuration.sId, userId, at } } };
    }
    case 'AgentMessageFeedbackGiven': {
      const { messageId, user, thumbDirection } = event.data;
      const thumbs = { ...ownEntry(doc.feedbacks, messageId), [user.userId]: thumbDirection };
      return { ...doc, feedbacks: { ...doc.feedbacks, [messageId]: thumbs } };
    }
    case 'AgentMessageFeedbackRemoved': {
      const { messageId, user } = event.data;
      const existing = ownEntry(doc.feedbacks, messageId);
      if (!existing || !Object.hasOwn(existing, user.userId)) return doc;
      const thumbs = Object.fromEntries(Object.entries(existing).filter(([userId]) => userId !== user.userId));
      return { ...doc, feedbacks: { ...doc.feedbacks, [messageId]: thumbs } };
    }
    default:
      return doc;
  }
}
