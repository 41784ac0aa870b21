import { isConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { agentUsageDocumentId, type AgentFeedbackDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/** Thumbs per agent message, by user: one small document per message that received feedback. */
export const agentFeedbackProjection: Projection<AgentFeedbackDocument> = {
  ...READ_MODELS.agentFeedbacks,
  // Read by workspace, in id order: the id ends the compound index.
  indexes: [{ equal: ['workspaceId'] }],
  canHandle: ['AgentMessageFeedbackGiven', 'AgentMessageFeedbackRemoved'],
  documentIds: (event) =>
    isConversationEvent(event) && (event.type === 'AgentMessageFeedbackGiven' || event.type === 'AgentMessageFeedbackRemoved')
      ? [agentUsageDocumentId(event.data.conversationId, event.data.messageId)]
      : [],
  evolve(doc, event) {
    if (!isConversationEvent(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    if (event.type === 'AgentMessageFeedbackGiven') {
      const { workspaceId, conversationId, messageId, user, thumbDirection } = event.data;
      const base = doc ?? { workspaceId, conversationId, messageId, thumbs: {} };
      return { ...base, thumbs: { ...base.thumbs, [user.userId]: thumbDirection }, lastPosition: event.position };
    }
    if (event.type === 'AgentMessageFeedbackRemoved') {
      if (!doc || !Object.hasOwn(doc.thumbs, event.data.user.userId)) return doc;
      const thumbs = Object.fromEntries(Object.entries(doc.thumbs).filter(([userId]) => userId !== event.data.user.userId));
      return { ...doc, thumbs, lastPosition: event.position };
    }
    return doc;
  },
};
