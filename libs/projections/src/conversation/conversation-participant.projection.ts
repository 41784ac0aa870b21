import { isConversationEvent, type ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  conversationParticipantDocumentId,
  type ConversationParticipantDocument,
} from '@app/contracts/read-models/conversation.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { membersLetInBy } from '@app/contracts/render/mention-decision.render';
import type { Projection } from '../projection';

/**
 * One row per (conversation, user who created it, posted in it, was let in by a mention of a
 * message posted in it, or whose mention its author approved), id `<conversationId>:<userId>`.
 * Lists a user's conversations; deleted conversations are filtered on the conversations side.
 */
export const conversationParticipantProjection: Projection<ConversationParticipantDocument> = {
  ...READ_MODELS.conversationParticipants,
  indexes: ['workspaceId', 'userId', 'conversationId', { equal: ['workspaceId', 'userId'] }],
  canHandle: ['ConversationCreated', 'UserMessagePosted', 'UserMessageEdited', 'UserMentionDecided'],
  documentIds(event) {
    if (!isConversationEvent(event)) return [];
    return participantsOf(event).map((userId) => conversationParticipantDocumentId(event.data.conversationId, userId));
  },
  evolve(doc, event, documentId) {
    if (!isConversationEvent(event)) return doc;
    const userId = participantsOf(event).find((id) => conversationParticipantDocumentId(event.data.conversationId, id) === documentId);
    if (userId === undefined) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    // Only the author of a message posts it; a member it lets in has not posted yet.
    const posts = (event.type === 'UserMessagePosted' || event.type === 'UserMessageEdited') && event.data.user?.sId === userId;
    const posted = posts ? event.data.at : null;
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

/** The users an event makes participants. */
function participantsOf(event: ConversationEvent): string[] {
  switch (event.type) {
    case 'ConversationCreated':
      return event.data.createdBy ? [event.data.createdBy.sId] : [];
    case 'UserMessagePosted':
    case 'UserMessageEdited':
      return [...new Set([...(event.data.user ? [event.data.user.sId] : []), ...membersLetInBy(event.data.mentionDisplays)])];
    case 'UserMentionDecided':
      return event.data.status === 'approved' ? [event.data.userId] : [];
    default:
      return [];
  }
}
