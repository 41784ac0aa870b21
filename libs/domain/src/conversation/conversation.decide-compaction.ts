import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { CompleteCompaction, StartCompaction } from './conversation.commands';
import { eventBase } from './conversation.decide-messages';
import { conflict, invalidRequest } from './conversation.errors';
import type { ExistingConversationState } from './conversation.state';

/** Decisions of compaction: a summary replaces earlier messages in later prompts. */

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
