import type { ConversationEvent, MessageDeleted } from '@app/contracts/events/conversation/conversation.events';
import type { DeleteUserMessage } from './conversation.commands';
import { decideCancelAgentMessages, eventBase, requireMessage } from './conversation.decide-messages';
import { invalidRequest, messageDeletionNotAuthorized } from './conversation.errors';
import type { AgentMessageState, ExistingConversationState } from './conversation.state';

/**
 * Deletes a user message and, as the real service does, the latest versions of the agent messages
 * that answered it: an answer left without its question would reach the model as an assistant turn
 * that follows nothing. Answers still running are cancelled first. Only the author or an admin may
 * delete; a message already deleted is a no-op.
 */
export function decideDeleteUserMessage(state: ExistingConversationState, command: DeleteUserMessage): ConversationEvent[] {
  const message = requireMessage(state, command.messageId);
  if (message.kind !== 'user_message') throw invalidRequest('notAUserMessageToDelete');
  if (message.deleted) return [];
  if (!message.isLatest) throw invalidRequest('notLatestVersionToDelete');
  const isAuthor = message.user !== null && command.deletedBy !== null && message.user.sId === command.deletedBy;
  if (!isAuthor && !command.byAdmin) throw messageDeletionNotAuthorized();
  const answers = answersTo(state, message.sId);
  const cancelled = decideCancelAgentMessages(state, {
    type: 'CancelAgentMessages',
    conversationId: command.conversationId,
    workspaceId: command.workspaceId,
    now: command.now,
    messageIds: answers.map((a) => a.sId),
  });
  const deleted = [message.sId, ...answers.map((a) => a.sId)].map(
    (messageId): MessageDeleted => ({
      type: 'MessageDeleted',
      data: { ...eventBase(state, command.now), messageId, deletedBy: command.deletedBy },
    }),
  );
  return [...cancelled, ...deleted];
}

function answersTo(state: ExistingConversationState, userMessageId: string): AgentMessageState[] {
  return [...state.messages.values()]
    .filter((m): m is AgentMessageState => m.kind === 'agent_message' && m.parentMessageId === userMessageId)
    .filter((m) => m.isLatest && !m.deleted)
    .sort((a, b) => a.rank - b.rank);
}
