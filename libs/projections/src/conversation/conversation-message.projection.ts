import {
  CONVERSATION_MESSAGE_EVENT_TYPES,
  isConversationEvent,
  type AgentMessageFeedbackGiven,
  type ConversationMessageEvent,
} from '@app/contracts/events/conversation/conversation.events';
import {
  conversationMessageDocumentId,
  type ConversationMessageDocument,
  type StoredFeedbackRecord,
} from '@app/contracts/read-models/conversation.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import {
  applyAgentMessageStatusChange,
  applyAgentMessageCancelledOutcome,
  applyCompactionCompleted,
  applyReaction,
  renderCompactionMessageFromEvent,
  renderAgentMessageFromEvent,
  expireContentFragment,
  renderContentFragmentFromEvent,
  renderUserMessageFromEvent,
} from '@app/contracts/render/conversation-message.render';
import { isDeletedMessage, renderDeletedMessage } from '@app/contracts/render/message-deletion.render';
import { withMentionDismissed, withUserMentionStatus } from '@app/contracts/render/mention-decision.render';
import type { RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';

const MESSAGE_EVENT_TYPE_SET: ReadonlySet<string> = new Set(CONVERSATION_MESSAGE_EVENT_TYPES);

function asMessageEvent(event: RecordedEvent): ConversationMessageEvent | null {
  return isConversationEvent(event) && MESSAGE_EVENT_TYPE_SET.has(event.type) ? (event as ConversationMessageEvent) : null;
}

/**
 * One document per message version, content already in wire shape: every message event touches
 * the one document of the version it names, so its cost does not depend on the conversation's
 * length. Idempotent: an event at or before `lastPosition` changes nothing; an event about a
 * version that was never created is ignored.
 */
export const conversationMessageProjection: Projection<ConversationMessageDocument> = {
  ...READ_MODELS.conversationMessages,
  indexes: [
    // A conversation's content (or a page of it by rank) in order: ranks, then versions oldest first.
    {
      equal: ['conversationId'],
      sort: [
        { field: 'rank', direction: 'asc' },
        { field: 'createdPosition', direction: 'asc' },
      ],
    },
    // The content-node fragments that point into a data source view (to expire them with it).
    'message.nodeDataSourceViewId',
  ],
  canHandle: CONVERSATION_MESSAGE_EVENT_TYPES,
  documentIds(event) {
    const message = asMessageEvent(event);
    return message ? [conversationMessageDocumentId(message.data.conversationId, message.data.messageId)] : [];
  },
  evolve(doc, event) {
    const message = asMessageEvent(event);
    if (!message) return doc;
    if (!doc) return createdDocument(message, event.position);
    if (doc.lastPosition >= event.position) return doc;
    return { ...evolveDocument(doc, message, event.position), lastPosition: event.position };
  },
};

function createdDocument(event: ConversationMessageEvent, position: number): ConversationMessageDocument | null {
  const message = createdMessage(event, position);
  if (!message) return null;
  return { conversationId: event.data.conversationId, rank: message.rank, createdPosition: position, message, feedbacks: [], lastPosition: position };
}

function createdMessage(event: ConversationMessageEvent, position: number): ConversationMessageDocument['message'] | null {
  switch (event.type) {
    case 'UserMessagePosted':
    case 'UserMessageEdited':
      return renderUserMessageFromEvent(event, position);
    case 'AgentMessageCreated':
      return renderAgentMessageFromEvent(event, position);
    case 'ContentFragmentAdded':
      return renderContentFragmentFromEvent(event, position);
    case 'CompactionMessageCreated':
      return renderCompactionMessageFromEvent(event, position);
    default:
      return null;
  }
}

function evolveDocument(doc: ConversationMessageDocument, event: ConversationMessageEvent, position: number): ConversationMessageDocument {
  const m = doc.message;
  switch (event.type) {
    case 'UserMessagePosted':
    case 'UserMessageEdited':
    case 'AgentMessageCreated':
    case 'ContentFragmentAdded':
    case 'CompactionMessageCreated':
    case 'ForkFileCopyFailed':
      return doc;
    case 'CompactionMessageCompleted':
      return m.type === 'compaction_message' ? { ...doc, message: applyCompactionCompleted(m, event) } : doc;
    case 'ForkFileCopyCompleted':
      return m.type === 'content_fragment' && m.contentFragmentType === 'file' ? { ...doc, message: { ...m, fileId: event.data.fileId } } : doc;
    case 'AgentMessageStatusChanged':
      return m.type === 'agent_message' && !isDeletedMessage(m) ? { ...doc, message: applyAgentMessageStatusChange(m, event) } : doc;
    case 'AgentMessageCancelledOutcomeRecorded':
      return m.type === 'agent_message' && !isDeletedMessage(m) ? { ...doc, message: applyAgentMessageCancelledOutcome(m, event) } : doc;
    case 'MessageDeleted':
      return { ...doc, message: renderDeletedMessage(m) };
    case 'UserMentionDecided':
      return m.type === 'user_message' ? { ...doc, message: withUserMentionStatus(m, event.data.userId, event.data.status) } : doc;
    case 'MentionDismissed':
      return m.type === 'user_message' ? { ...doc, message: withMentionDismissed(m, event.data.mentionType, event.data.mentionId) } : doc;
    case 'ContentFragmentSuperseded':
      return m.type === 'content_fragment' ? { ...doc, message: { ...m, contentFragmentVersion: 'superseded' } } : doc;
    case 'ContentFragmentExpired':
      return m.type === 'content_fragment' ? { ...doc, message: expireContentFragment(m, event.data.reason) } : doc;
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      if (m.type === 'content_fragment' || m.type === 'compaction_message') return doc;
      const { emoji, user } = event.data;
      return { ...doc, message: { ...m, reactions: applyReaction(m.reactions, emoji, user, event.type === 'ReactionAdded') } };
    }
    case 'AgentMessageFeedbackGiven': {
      const record = feedbackRecord(doc, event, position);
      return record ? { ...doc, feedbacks: [...withoutFeedback(doc, event.data.user.userId), record] } : doc;
    }
    case 'AgentMessageFeedbackRemoved':
      return { ...doc, feedbacks: withoutFeedback(doc, event.data.user.userId) };
  }
}

function feedbackRecord(doc: ConversationMessageDocument, event: AgentMessageFeedbackGiven, position: number): StoredFeedbackRecord | null {
  const d = event.data;
  const message = doc.message;
  if (message.type !== 'agent_message') return null;
  return {
    messageId: d.messageId,
    agentMessageId: message.agentMessageId,
    userId: d.user.userId,
    userModelId: d.user.id ?? null,
    thumbDirection: d.thumbDirection,
    content: d.content,
    createdAt: doc.feedbacks.find((f) => f.userId === d.user.userId)?.createdAt ?? d.at,
    agentConfigurationId: message.configuration.sId,
    agentConfigurationVersion: message.configuration.version,
    isConversationShared: d.isConversationShared,
    givenPosition: position,
  };
}

function withoutFeedback(doc: ConversationMessageDocument, userId: string): StoredFeedbackRecord[] {
  return doc.feedbacks.filter((f) => f.userId !== userId);
}
