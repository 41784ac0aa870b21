import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { CompleteForkPreparation, CopiedMessageEvent, RecordFork, RecordForkFileCopy } from './conversation.commands';
import { eventBase, requireMessage } from './conversation.decide-messages';
import type { ExistingConversationState } from './conversation.state';

/** Decisions of forking: a conversation branched from a message of another one, its files copied. */

/** The parent lists its child; the source message must be one of its messages. */
export function decideRecordFork(state: ExistingConversationState, command: RecordFork): ConversationEvent[] {
  requireMessage(state, command.sourceMessageId);
  return [
    {
      type: 'ConversationForked',
      data: {
        ...eventBase(state, command.now),
        childConversationId: command.childConversationId,
        childConversationTitle: command.childConversationTitle,
        sourceMessageId: command.sourceMessageId,
        branchedAt: command.branchedAt ?? command.now,
        user: command.user,
      },
    },
  ];
}

export function decideRecordForkFileCopy(state: ExistingConversationState, command: RecordForkFileCopy): ConversationEvent[] {
  if (!state.forkPreparing) return [];
  requireMessage(state, command.messageId);
  const base = { ...eventBase(state, command.now), messageId: command.messageId, sourceFileId: command.sourceFileId };
  const { outcome } = command;
  if (outcome.kind === 'copied') return [{ type: 'ForkFileCopyCompleted', data: { ...base, fileId: outcome.fileId } }];
  return [{ type: 'ForkFileCopyFailed', data: { ...base, attempt: outcome.attempt, reason: outcome.reason, final: outcome.final } }];
}

export function decideCompleteForkPreparation(state: ExistingConversationState, command: CompleteForkPreparation): ConversationEvent[] {
  if (!state.forkPreparing) return [];
  return [{ type: 'ForkPrepared', data: { ...eventBase(state, command.now), status: command.status } }];
}

/** The copied messages of a new fork, re-based on it (its id, workspace and creation time). */
export function forkCopies(state: ExistingConversationState, copies: readonly CopiedMessageEvent[], at: number): ConversationEvent[] {
  const base = eventBase(state, at);
  return copies.map((event) => ({ ...event, data: { ...event.data, ...base } }) as ConversationEvent);
}
