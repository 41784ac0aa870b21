import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { ModelMessage } from 'ai';

/** A successful compaction: its summary stands for every message of the ranks below `coversUpToRank`. */
export interface CompactionSummary {
  readonly messageId: string;
  readonly coversUpToRank: number;
  readonly summary: string;
}

/**
 * The latest successful compaction that covers only ranks below `beforeRank` (the message being
 * answered), so a prompt can start from its summary. Null when there is none.
 */
export function latestCompaction(events: readonly ConversationEvent[], beforeRank: number): CompactionSummary | null {
  const covers = new Map<string, number>();
  let latest: CompactionSummary | null = null;
  for (const event of events) {
    if (event.type === 'CompactionMessageCreated') covers.set(event.data.messageId, event.data.coversUpToRank);
    if (event.type !== 'CompactionMessageCompleted' || event.data.status !== 'succeeded') continue;
    const coversUpToRank = covers.get(event.data.messageId);
    if (coversUpToRank === undefined || coversUpToRank > beforeRank) continue;
    if (latest === null || coversUpToRank >= latest.coversUpToRank) {
      latest = { messageId: event.data.messageId, coversUpToRank, summary: event.data.content ?? '' };
    }
  }
  return latest;
}

/** Marker that starts the summary in a prompt (tests find it in the request the model received). */
export const SUMMARY_HEADING = 'Summary of the earlier conversation (it replaces the messages it covers):';

/** The message that stands for the compacted ranks at the start of a prompt. */
export function summaryMessage(compaction: CompactionSummary): ModelMessage {
  return { role: 'user', content: `${SUMMARY_HEADING}\n${compaction.summary}` };
}
