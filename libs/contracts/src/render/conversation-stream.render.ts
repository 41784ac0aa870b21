import type { ConversationEvent } from '../events/conversation/conversation.events';
import type { ConversationStreamEvent } from '../http/conversation.types';
import { renderAgentMessageFromEvent, renderCompactionMessageFromEvent, renderUserMessageFromEvent } from './conversation-message.render';
import { assertNever } from '../assert-never';

/**
 * The conversation SSE payload (dust-api §3.3) of a stored event, or null for events the stream
 * does not show. `position` is the event's global log position (the messages' numeric id).
 */
export function renderConversationStreamEvent(
  event: ConversationEvent,
  position: number,
): ConversationStreamEvent | null {
  switch (event.type) {
    case 'UserMessagePosted':
    case 'UserMessageEdited':
      return {
        type: 'user_message_new',
        created: event.data.at,
        messageId: event.data.messageId,
        message: renderUserMessageFromEvent(event, position),
      };
    case 'AgentMessageCreated':
      return {
        type: 'agent_message_new',
        created: event.data.at,
        configurationId: event.data.configuration.sId,
        messageId: event.data.messageId,
        message: renderAgentMessageFromEvent(event, position),
      };
    case 'AgentMessageStatusChanged': {
      const { at, messageId, status, conversationId } = event.data;
      const configurationId = event.data.configurationId ?? '';
      if (status === 'cancelled') return { type: 'agent_generation_cancelled', created: at, configurationId, messageId };
      if (status === 'created') return null;
      const done = status === 'succeeded' ? 'success' : 'error';
      return { type: 'agent_message_done', created: at, conversationId, configurationId, messageId, status: done };
    }
    case 'ConversationTitleChanged':
      return event.data.title === null
        ? null
        : { type: 'conversation_title', created: event.data.at, title: event.data.title };
    case 'CompactionMessageCreated':
      return {
        type: 'compaction_message_new',
        created: event.data.at,
        messageId: event.data.messageId,
        message: renderCompactionMessageFromEvent(event, position),
      };
    case 'CompactionMessageCompleted': {
      const { at, messageId, status, content, error } = event.data;
      return { type: 'compaction_message_done', created: at, messageId, status, content, error };
    }
    case 'ForkPrepared':
      return { type: 'conversation_fork_prepared', created: event.data.at, fileCopyStatus: 'done', failed: event.data.status === 'failed' };
    case 'ConversationForked':
    case 'ForkFileCopyCompleted':
    case 'ForkFileCopyFailed':
    case 'ConversationCreated':
    case 'ConversationVisibilityChanged':
    case 'ConversationMetadataChanged':
    case 'ConversationMovedToProject':
    case 'ConversationDeleted':
    case 'ConversationReadStateChanged':
    case 'ContentFragmentAdded':
    case 'ContentFragmentSuperseded':
    case 'ContentFragmentExpired':
    // The stream shows the changed message, which the event alone does not hold: the api renders it from the read models.
    case 'MessageDeleted':
    case 'UserMentionDecided':
    case 'MentionDismissed':
    case 'ReactionAdded':
    case 'ReactionRemoved':
    case 'AgentMessageFeedbackGiven':
    case 'AgentMessageFeedbackRemoved':
    // The cancel already said `agent_generation_cancelled`; what the run had written is read with the message.
    case 'AgentMessageCancelledOutcomeRecorded':
      return null;
    default:
      return assertNever(event);
  }
}
