import {
  CONVERSATION_EVENT_TYPES,
  isConversationActivity,
  isConversationEvent,
  type AgentMessageFeedbackGiven,
  type ConversationCreated,
  type ConversationEvent,
} from '@app/contracts/events/conversation.events';
import type { ConversationFeedbackRecord, ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import {
  applyAgentMessageStatusChange,
  applyReaction,
  renderAgentMessageFromEvent,
  renderContentFragmentFromEvent,
  renderUserMessageFromEvent,
} from '@app/contracts/render/conversation-message.render';
import type { Projection } from '../projection';
import {
  addMessageVersion,
  findMessageVersion,
  latestAgentMessageFailed,
  updateMessageVersion,
  type ConversationMessage,
} from './conversation-content';
import { assertNever } from '@app/contracts/assert-never';

/**
 * One document per conversation (id = conversation sId) holding everything the list and full
 * shapes need, content already in wire shape. Idempotent: an event at or before `lastPosition`
 * changes nothing.
 */
export const conversationProjection: Projection<ConversationDocument> = {
  ...READ_MODELS.conversations,
  indexes: [
    'workspaceId',
    'sId',
    'updated',
    'deleted',
    'spaceId',
    'triggerId',
    // The conversations list: a workspace's live conversations, newest activity first.
    { equal: ['workspaceId', 'deleted', 'visibility'], sort: [{ field: 'updated', direction: 'desc' }] },
  ],
  canHandle: CONVERSATION_EVENT_TYPES,
  documentIds: (event) => (isConversationEvent(event) ? [event.data.conversationId] : []),
  evolve(doc, event) {
    if (!isConversationEvent(event)) return doc;
    if (event.type === 'ConversationCreated') return doc ?? createdDocument(event, event.position);
    if (!doc || doc.lastPosition >= event.position) return doc;
    const next = evolveDocument(doc, event, event.position);
    const updated = isConversationActivity(event) ? Math.max(doc.updated, event.data.at) : doc.updated;
    return { ...next, updated, lastPosition: event.position };
  },
};

function createdDocument(event: ConversationCreated, position: number): ConversationDocument {
  const d = event.data;
  return {
    id: position,
    sId: d.conversationId,
    workspaceId: d.workspaceId,
    created: d.at,
    updated: d.at,
    title: d.title,
    visibility: d.visibility,
    depth: d.depth,
    spaceId: d.spaceId,
    triggerId: d.triggerId,
    metadata: d.metadata,
    requestedSpaceIds: d.requestedSpaceIds,
    createdBy: d.createdBy?.sId ?? null,
    participants: d.createdBy ? [d.createdBy.sId] : [],
    readState: d.createdBy ? { [d.createdBy.sId]: d.at } : {},
    hasError: false,
    actionRequired: false,
    deleted: false,
    content: [],
    feedbacks: [],
    lastPosition: position,
  };
}

function evolveDocument(doc: ConversationDocument, event: ConversationEvent, position: number): ConversationDocument {
  switch (event.type) {
    case 'ConversationCreated':
      return doc;
    case 'ConversationTitleChanged':
      return { ...doc, title: event.data.title };
    case 'ConversationVisibilityChanged':
      return { ...doc, visibility: event.data.visibility };
    case 'ConversationMetadataChanged':
      return { ...doc, metadata: event.data.metadata };
    case 'ConversationDeleted':
      return { ...doc, deleted: true, visibility: 'deleted' };
    case 'ConversationReadStateChanged':
      return { ...doc, readState: { ...doc.readState, [event.data.userId]: event.data.read ? event.data.at : null } };
    case 'UserMessagePosted':
    case 'UserMessageEdited': {
      const withMessage = { ...doc, content: addMessageVersion(doc.content, renderUserMessageFromEvent(event, position)) };
      const user = event.data.user;
      if (!user) return withMessage;
      return {
        ...withMessage,
        participants: doc.participants.includes(user.sId) ? doc.participants : [...doc.participants, user.sId],
        readState: { ...doc.readState, [user.sId]: event.data.at },
      };
    }
    case 'AgentMessageCreated':
      return withContent(doc, addMessageVersion(doc.content, renderAgentMessageFromEvent(event, position)));
    case 'AgentMessageStatusChanged':
      return withMessageUpdated(doc, event.data.messageId, (m) =>
        m.type === 'agent_message' ? applyAgentMessageStatusChange(m, event) : m,
      );
    case 'ContentFragmentAdded':
      return withContent(doc, addMessageVersion(doc.content, renderContentFragmentFromEvent(event, position)));
    case 'ContentFragmentSuperseded':
      return withMessageUpdated(doc, event.data.messageId, (m) =>
        m.type === 'content_fragment' ? { ...m, contentFragmentVersion: 'superseded' } : m,
      );
    case 'ReactionAdded':
    case 'ReactionRemoved': {
      const { messageId, emoji, user } = event.data;
      const on = event.type === 'ReactionAdded';
      return withMessageUpdated(doc, messageId, (m) =>
        m.type === 'content_fragment' ? m : { ...m, reactions: applyReaction(m.reactions, emoji, user, on) },
      );
    }
    case 'AgentMessageFeedbackGiven': {
      const record = feedbackRecord(doc, event);
      if (!record) return doc;
      return { ...doc, feedbacks: [...withoutFeedback(doc, event.data.messageId, event.data.user.userId), record] };
    }
    case 'AgentMessageFeedbackRemoved':
      return { ...doc, feedbacks: withoutFeedback(doc, event.data.messageId, event.data.user.userId) };
    default:
      return assertNever(event);
  }
}

function withContent(doc: ConversationDocument, content: ConversationDocument['content']): ConversationDocument {
  return content === doc.content ? doc : { ...doc, content, hasError: latestAgentMessageFailed(content) };
}

function withMessageUpdated(
  doc: ConversationDocument,
  messageId: string,
  update: (message: ConversationMessage) => ConversationMessage,
): ConversationDocument {
  return withContent(doc, updateMessageVersion(doc.content, messageId, update));
}

function feedbackRecord(doc: ConversationDocument, event: AgentMessageFeedbackGiven): ConversationFeedbackRecord | null {
  const d = event.data;
  const message = findMessageVersion(doc.content, d.messageId);
  if (!message || message.type !== 'agent_message') return null;
  return {
    messageId: d.messageId,
    agentMessageId: message.agentMessageId,
    userId: d.user.userId,
    userModelId: d.user.id ?? null,
    thumbDirection: d.thumbDirection,
    content: d.content,
    createdAt: doc.feedbacks.find((f) => f.messageId === d.messageId && f.userId === d.user.userId)?.createdAt ?? d.at,
    agentConfigurationId: message.configuration.sId,
    agentConfigurationVersion: message.configuration.version,
    isConversationShared: d.isConversationShared,
  };
}

function withoutFeedback(doc: ConversationDocument, messageId: string, userId: string): ConversationFeedbackRecord[] {
  return doc.feedbacks.filter((f) => f.messageId !== messageId || f.userId !== userId);
}
