import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { latestCompaction } from '../run/compaction-window';

/** Instructions of summary requests (tests tell them apart from agent runs by this text). */
export const COMPACTION_INSTRUCTIONS =
  'You compact conversations. Write a faithful summary of the conversation below that lets the ' +
  'assistant continue it without the original messages: facts, decisions, open questions, names, ' +
  'numbers and what each participant asked for. Answer with the summary only.';

type Line = { readonly id: string; text: string | null; deleted?: boolean };

/**
 * The text a summary is written from: the summary of the previous compaction, if any, then the
 * latest version of every message of the ranks it does not cover, below `coversUpToRank`, one
 * speaker per paragraph. Agent answers that did not succeed, superseded documents and deleted
 * messages are left out, as in prompts. Pure.
 */
export function compactionTranscript(events: readonly ConversationEvent[], coversUpToRank: number): string {
  const previous = latestCompaction(events, coversUpToRank);
  const from = previous?.coversUpToRank ?? 0;
  const latestByRank = new Map<number, Line>();
  const byId = new Map<string, Line>();
  const put = (rank: number, id: string, text: string | null): void => {
    if (rank < from || rank >= coversUpToRank) return;
    const line = { id, text };
    latestByRank.set(rank, line);
    byId.set(id, line);
  };
  for (const event of events) {
    switch (event.type) {
      case 'UserMessagePosted':
      case 'UserMessageEdited': {
        const author = event.data.user?.fullName ?? event.data.context.fullName ?? event.data.context.username;
        put(event.data.rank, event.data.messageId, `${author}: ${event.data.content}`);
        break;
      }
      case 'AgentMessageCreated':
        put(event.data.rank, event.data.messageId, null);
        break;
      case 'AgentMessageStatusChanged': {
        const line = byId.get(event.data.messageId);
        if (line && !line.deleted && event.data.status === 'succeeded' && event.data.content) line.text = `Assistant: ${event.data.content}`;
        break;
      }
      case 'ContentFragmentAdded':
        put(event.data.rank, event.data.messageId, `Attached document "${event.data.title}":\n${event.data.textContent ?? '(content not available)'}`);
        break;
      case 'ContentFragmentSuperseded': {
        const line = byId.get(event.data.messageId);
        if (line) line.text = null;
        break;
      }
      case 'MessageDeleted': {
        const line = byId.get(event.data.messageId);
        if (line) Object.assign(line, { text: null, deleted: true });
        break;
      }
      case 'ContentFragmentExpired': {
        const line = byId.get(event.data.messageId);
        if (line) line.text = 'Attached document (deleted with its data source; content no longer available).';
        break;
      }
      default:
        break;
    }
  }
  const paragraphs = [...latestByRank.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, line]) => (line.text === null ? [] : [line.text]));
  const earlier = previous ? [`Summary of what came before:\n${previous.summary}`] : [];
  return [...earlier, ...paragraphs].join('\n\n');
}
