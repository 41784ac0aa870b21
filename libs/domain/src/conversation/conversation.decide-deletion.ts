import type { ConversationEvent, MessageDeleted } from '@app/contracts/events/conversation/conversation.events';
import type { DeleteUserMessage } from './conversation.commands';
import { decideCancelAgentMessages, eventBase, requireMessage } from './conversation.decide-messages';
import { invalidRequest, messageDeletionNotAuthorized } from './conversation.errors';
import type { AgentMessageState, ExistingConversationState, MessageState } from './conversation.state';

/**
 * Deletes a user message and, as the real service does, the latest versions of the agent messages
 * that answered it (an answer left without its question would reach the model as an assistant turn
 * that follows nothing) and the content fragments attached just before it (the ranks right above
 * it, up to the previous message that is not a fragment), which went with the question. Answers
 * still running are cancelled first. Only the author or an admin may delete; a message already
 * deleted is a no-op.
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
  const deleted = [message.sId, ...answers.map((a) => a.sId), ...fragmentsBefore(state, message.rank)].map(
    (messageId): MessageDeleted => ({
      type: 'MessageDeleted',
      data: { ...eventBase(state, command.now), messageId, deletedBy: command.deletedBy },
    }),
  );
  return [...cancelled, ...deleted];
}

/** sIds of the live fragments at the ranks right before `rank`, nearest first. */
function fragmentsBefore(state: ExistingConversationState, rank: number): string[] {
  const latestAt = new Map<number, MessageState>();
  for (const m of state.messages.values()) if (m.isLatest && m.rank < rank) latestAt.set(m.rank, m);
  const fragments: string[] = [];
  for (let r = rank - 1; latestAt.get(r)?.kind === 'content_fragment'; r -= 1) {
    const fragment = latestAt.get(r)!;
    if (!fragment.deleted) fragments.push(fragment.sId);
  }
  return fragments;
}

function answersTo(state: ExistingConversationState, userMessageId: string): AgentMessageState[] {
  return [...state.messages.values()]
    .filter((m): m is AgentMessageState => m.kind === 'agent_message' && m.parentMessageId === userMessageId)
    .filter((m) => m.isLatest && !m.deleted)
    .sort((a, b) => a.rank - b.rank);
}
