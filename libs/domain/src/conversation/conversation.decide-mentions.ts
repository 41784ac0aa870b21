import type { ConversationEvent, MentionDismissed, UserMentionDecided } from '@app/contracts/events/conversation/conversation.events';
import { DomainError } from '../shared/domain-error';
import type { DecideUserMention, DismissMention } from './conversation.commands';
import { eventBase, requireMessage } from './conversation.decide-messages';
import { invalidRequest } from './conversation.errors';
import type { ExistingConversationState, MessageState, UserMessageState } from './conversation.state';
import { mentionKey } from './mention-status.policy';

/**
 * The author of a message approves or rejects a pending mention of a member, as the real service
 * lets them: the decision applies to every message whose latest version still mentions that member
 * as pending (a member is let in, or left out, once). Only the author decides; a mention decided
 * already, or never pending, changes nothing.
 */
export function decideUserMention(state: ExistingConversationState, command: DecideUserMention): ConversationEvent[] {
  const message = requireMessage(state, command.messageId);
  if (message.kind !== 'user_message') throw invalidRequest('notAUserMessageMention');
  requireAuthor(message, command.decidedBy, 'edit');
  return latestUserMessages(state, (m) => (m.pendingMentions ?? []).includes(command.userId)).map(
    (m): UserMentionDecided => ({
      type: 'UserMentionDecided',
      data: { ...eventBase(state, command.now), messageId: m.sId, userId: command.userId, status: command.decision, decidedBy: command.decidedBy },
    }),
  );
}

/**
 * The author of a message (of the question, for an agent's answer) dismisses a restricted mention
 * of an agent or a member, as the real service lets them: on every message whose latest version
 * still mentions them so, the mention keeps its status and is marked dismissed. A mention that is
 * not restricted, or dismissed already, changes nothing.
 */
export function decideMentionDismissal(state: ExistingConversationState, command: DismissMention): ConversationEvent[] {
  const message = requireMessage(state, command.messageId);
  requireAuthor(questionOf(state, message), command.dismissedBy, 'dismiss');
  const key = mentionKey(command.mentionType, command.mentionId);
  return latestUserMessages(state, (m) => (m.restrictedMentions ?? []).includes(key)).map(
    (m): MentionDismissed => ({
      type: 'MentionDismissed',
      data: {
        ...eventBase(state, command.now),
        messageId: m.sId,
        mentionType: command.mentionType,
        mentionId: command.mentionId,
        dismissedBy: command.dismissedBy,
      },
    }),
  );
}

/** The user message whose author acts on the mentions of `message`: itself, or the question an agent answered. */
function questionOf(state: ExistingConversationState, message: MessageState): UserMessageState {
  if (message.kind === 'user_message') return message;
  const parent = message.kind === 'agent_message' ? state.messages.get(message.parentMessageId) : undefined;
  if (parent?.kind !== 'user_message') throw invalidRequest('notAUserMessageMention');
  return parent;
}

/** 403 unless `caller` wrote the message (a message without an author, posted by a key, is anyone's). */
function requireAuthor(message: UserMessageState, caller: string, verb: 'edit' | 'dismiss'): void {
  if (message.user !== null && message.user.sId !== caller) {
    throw new DomainError('invalid_request_error', `User is not authorized to ${verb} this mention`, 403);
  }
}

/** The latest, live version of each user message that matches. */
function latestUserMessages(state: ExistingConversationState, matches: (message: UserMessageState) => boolean): UserMessageState[] {
  return [...state.messages.values()].filter((m): m is UserMessageState => m.kind === 'user_message' && m.isLatest && !m.deleted && matches(m));
}
