import type { MentionStatus } from '../events/conversation/conversation-event-values';
import type { UserMessage } from '../http/conversation.types';

/** A user message with the status of its mention of one member changed (its author decided on it). */
export function withUserMentionStatus(message: UserMessage, userId: string, status: MentionStatus): UserMessage {
  return { ...message, richMentions: message.richMentions.map((m) => (m.type === 'user' && m.id === userId ? { ...m, status } : m)) };
}
