import { isConversationEvent, type ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  conversationParticipantDocumentId,
  type ConversationParticipantDocument,
} from '@app/contracts/read-models/conversation.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/**
 * One row per (conversation, user who created it, posted in it or whose mention its author
 * approved), id `<conversationId>:<userId>`.
 * Lists a user's conversations; deleted conversations are filtered on the conversations side.
 */
export const conversationParticipantProjection: Projection<ConversationParticipantDocument> = {
  ...READ_MODELS.conversationParticipants,
  indexes: ['workspaceId', 'userId', 'conversationId', { equal: ['workspaceId', 'userId'] }],
  canHandle: ['ConversationCreated', 'UserMessagePosted', 'UserMessageEdited', 'UserMentionDecided'],
  documentIds(event) {
    if (!isConversationEvent(event)) return [];
    const userId = participantOf(event);
    return userId === null ? [] : [conversationParticipantDocumentId(event.data.conversationId, userId)];
  },
  evolve(doc, event) {
    if (!isConversationEvent(event)) return doc;
    const userId = participantOf(event);
    if (userId === null) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    const posted = event.type === 'UserMessagePosted' || event.type === 'UserMessageEdited' ? event.data.at : null;
    if (!doc) {
      return {
        workspaceId: event.data.workspaceId,
        conversationId: event.data.conversationId,
        userId,
        joinedAt: event.data.at,
        lastPostedAt: posted,
        lastPosition: event.position,
      };
    }
    return { ...doc, lastPostedAt: posted ?? doc.lastPostedAt, lastPosition: event.position };
  },
};

/** The user an event makes a participant, if any. */
function participantOf(event: ConversationEvent): string | null {
  switch (event.type) {
    case 'ConversationCreated':
      return event.data.createdBy?.sId ?? null;
    case 'UserMessagePosted':
    case 'UserMessageEdited':
      return event.data.user?.sId ?? null;
    case 'UserMentionDecided':
      return event.data.status === 'approved' ? event.data.userId : null;
    default:
      return null;
  }
}
