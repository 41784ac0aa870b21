import type { MentionDisplay, MentionStatus } from '../events/conversation/conversation-event-values';
import type { UserMessage } from '../http/conversation.types';

/** A user message with its restricted mention of one agent or member dismissed (its author did); the status stands. */
export function withMentionDismissed(message: UserMessage, type: 'agent' | 'user', id: string): UserMessage {
  return { ...message, richMentions: message.richMentions.map((m) => (m.type === type && m.id === id ? { ...m, dismissed: true } : m)) };
}

/** A user message with the status of its mention of one member changed (its author decided on it). */
export function withUserMentionStatus(message: UserMessage, userId: string, status: MentionStatus): UserMessage {
  return { ...message, richMentions: message.richMentions.map((m) => (m.type === 'user' && m.id === userId ? { ...m, status } : m)) };
}

/**
 * The members a message's mentions let in as it is posted (status `approved`, recorded since
 * mentions carry one): they take part from then on, as the real service subscribes them.
 */
export function membersLetInBy(mentions: readonly MentionDisplay[]): string[] {
  return mentions.filter((m) => m.type === 'user' && m.status === 'approved').map((m) => m.id);
}
