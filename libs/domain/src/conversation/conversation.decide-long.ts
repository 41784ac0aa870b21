import type { ConversationEvent } from '@app/contracts/events/conversation.events';
import type {
  CompleteCompaction,
  CompleteForkPreparation,
  CopiedMessageEvent,
  RecordFork,
  RecordForkFileCopy,
  StartCompaction,
} from './conversation.commands';
import { eventBase, requireMessage } from './conversation.decide-messages';
import { conflict, invalidRequest } from './conversation.errors';
import type { ExistingConversationState } from './conversation.state';

/**
 * Decisions of long conversations: compaction (a summary replaces earlier messages in prompts) and
 * forking (a conversation branched from a message of another one).
 */

/**
 * How long a compaction or a fork preparation may block posting. Their process managers always
 * record an end (a failure included); this bound only matters when the process writing it died.
 */
export const BLOCKING_WORK_STALE_AFTER_MS = 10 * 60_000;

/** Whether a compaction is running (and not abandoned long ago). */
export function isCompacting(state: ExistingConversationState, now: number): boolean {
  return state.compactingMessageId !== null && now - state.compactingSince < BLOCKING_WORK_STALE_AFTER_MS;
}

/** Posting waits while a compaction is written or a fork's files are copied: 409 with the reason. */
export function assertOpenForPosting(state: ExistingConversationState, now: number): void {
  if (isCompacting(state, now)) throw conflict('compacting');
  if (state.forkPreparing && now - state.forkPreparingSince < BLOCKING_WORK_STALE_AFTER_MS) throw conflict('forkPreparing');
}

/** A compaction message at the end of the conversation, covering what no compaction covers yet. */
export function decideStartCompaction(state: ExistingConversationState, command: StartCompaction): ConversationEvent[] {
  if (isCompacting(state, command.now)) throw conflict('alreadyCompacting');
  const coversUpToRank = Math.min(command.coversUpToRank ?? state.nextRank, state.nextRank);
  if (coversUpToRank <= state.compactedUpToRank || !hasContentBelow(state, coversUpToRank)) throw invalidRequest('nothingToCompact');
  return [
    {
      type: 'CompactionMessageCreated',
      data: {
        ...eventBase(state, command.now),
        messageId: command.messageId,
        rank: state.nextRank,
        coversUpToRank,
        trigger: command.trigger,
      },
    },
  ];
}

/** Whether a user or agent message lies in ranks [compactedUpToRank, upTo): something to summarize. */
function hasContentBelow(state: ExistingConversationState, upTo: number): boolean {
  for (const message of state.messages.values()) {
    if (message.rank >= state.compactedUpToRank && message.rank < upTo && message.kind !== 'compaction_message') return true;
  }
  return false;
}

export function decideCompleteCompaction(state: ExistingConversationState, command: CompleteCompaction): ConversationEvent[] {
  if (state.compactingMessageId !== command.messageId) return [];
  const succeeded = command.status === 'succeeded';
  return [
    {
      type: 'CompactionMessageCompleted',
      data: {
        ...eventBase(state, command.now),
        messageId: command.messageId,
        status: command.status,
        content: succeeded ? (command.content ?? '') : null,
        error: succeeded ? null : (command.error ?? 'The compaction failed.'),
      },
    },
  ];
}

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
