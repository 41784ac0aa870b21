import { isConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { agentUsageDocumentId, type AgentUsageDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/**
 * Agent activity per user message: who wrote it, and which agent wrote each agent message that
 * answers it. An agent message names its parent, so it lands in the parent's document; a document
 * per user message keeps every write small whatever the conversation's length.
 */
export const agentUsageProjection: Projection<AgentUsageDocument> = {
  ...READ_MODELS.agentUsage,
  // Read by workspace, in id order: the id ends the compound index.
  indexes: [{ equal: ['workspaceId'] }],
  canHandle: ['UserMessagePosted', 'UserMessageEdited', 'AgentMessageCreated'],
  documentIds(event) {
    if (!isConversationEvent(event)) return [];
    switch (event.type) {
      case 'UserMessagePosted':
      case 'UserMessageEdited':
        return [agentUsageDocumentId(event.data.conversationId, event.data.messageId)];
      case 'AgentMessageCreated':
        return [agentUsageDocumentId(event.data.conversationId, event.data.parentMessageId)];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    if (!isConversationEvent(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    switch (event.type) {
      case 'UserMessagePosted':
      case 'UserMessageEdited': {
        const { workspaceId, conversationId, messageId, user } = event.data;
        const base = doc ?? { workspaceId, conversationId, userMessageId: messageId, agentMessages: {} };
        return { ...base, userId: user?.sId ?? null, lastPosition: event.position };
      }
      case 'AgentMessageCreated': {
        const { workspaceId, conversationId, parentMessageId, messageId, configuration, at } = event.data;
        // A parent this read model never saw (not a user message): its author is unknown.
        const base = doc ?? { workspaceId, conversationId, userMessageId: parentMessageId, userId: null, agentMessages: {} };
        const agentMessages = { ...base.agentMessages, [messageId]: { agentId: configuration.sId, at } };
        return { ...base, agentMessages, lastPosition: event.position };
      }
      default:
        return doc;
    }
  },
};
