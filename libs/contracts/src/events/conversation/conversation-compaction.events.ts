import type { ConversationEventBase } from './conversation-event-values';

/**
 * Compaction of a conversation (spec 2.9): a compaction message replaces, in later prompts, every
 * message of the ranks below `coversUpToRank` with a summary the model wrote. The messages stay
 * readable in the conversation; only prompts change.
 */

/** What started a compaction: the next prompt would have exceeded the share of the context window, or a request. */
export type CompactionTrigger = 'threshold' | 'manual';

/** A compaction message was created (status `created`, no content yet): posting is refused until it ends. */
export interface CompactionMessageCreated {
  readonly type: 'CompactionMessageCreated';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly rank: number;
    /** Ranks strictly below this one are what the summary covers. */
    readonly coversUpToRank: number;
    readonly trigger: CompactionTrigger;
  };
}

/** A compaction ended: `succeeded` with the model's summary, or `failed` with the reason. */
export interface CompactionMessageCompleted {
  readonly type: 'CompactionMessageCompleted';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly status: 'succeeded' | 'failed';
    readonly content: string | null;
    readonly error: string | null;
  };
}
