import type { ConversationEvent, UserMentionDecided } from '@app/contracts/events/conversation/conversation.events';
import { DomainError } from '../shared/domain-error';
import type { DecideUserMention } from './conversation.commands';
import { eventBase, requireMessage } from './conversation.decide-messages';
import { invalidRequest } from './conversation.errors';
import type { ExistingConversationState, UserMessageState } from './conversation.state';

/**
 * The author of a message approves or rejects a pending mention of a member, as the real service
 * lets them: the decision applies to every message whose latest version still mentions that member
 * as pending (a member is let in, or left out, once). Only the author decides; a mention decided
 * already, or never pending, changes nothing.
 */
export function decideUserMention(state: ExistingConversationState, command: DecideUserMention): ConversationEvent[] {
  const message = requireMessage(state, command.messageId);
  if (message.kind !== 'user_message') throw invalidRequest('notAUserMessageMention');
  if (message.user === null || message.user.sId !== command.decidedBy) {
    throw new DomainError('invalid_request_error', 'User is not authorized to edit this mention', 403);
  }
  const pending = [...state.messages.values()].filter(
    (m): m is UserMessageState => m.kind === 'user_message' && m.isLatest && !m.deleted && (m.pendingMentions ?? []).includes(command.userId),
  );
  return pending.map(
    (m): UserMentionDecided => ({
      type: 'UserMentionDecided',
      data: { ...eventBase(state, command.now), messageId: m.sId, userId: command.userId, status: command.decision, decidedBy: command.decidedBy },
    }),
  );
}
