import type { AgentMessageStatusChanged, ContentFragmentExpired, ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { CopiedMessageEvent } from '@app/domain/conversation/conversation.commands';

/** The messages a fork starts with, and the files of its fragments that need copying. */
export interface ForkContent {
  readonly copies: CopiedMessageEvent[];
  /** Rank of the source message in the parent. */
  readonly sourceRank: number;
}

type Creation = Extract<ConversationEvent, { type: 'UserMessagePosted' | 'UserMessageEdited' | 'AgentMessageCreated' | 'ContentFragmentAdded' }>;

/**
 * The copies of a parent's messages for a fork from `sourceMessageId`: the latest version of every
 * rank up to and including the source message's rank, renumbered from rank 0 with new ids
 * (`newId`). Finished answers are copied with their outcome and marked `copiedFromMessageId` (they
 * are never run again), expired fragments stay expired; answers still running, superseded fragments and compaction messages are
 * left out. Null when the parent has no such message. Pure.
 */
export function forkContent(events: readonly ConversationEvent[], sourceMessageId: string, newId: () => string): ForkContent | null {
  const latestByRank = new Map<number, Creation>();
  const versionsByRank = new Map<number, string[]>();
  const finalStatus = new Map<string, AgentMessageStatusChanged>();
  const superseded = new Set<string>();
  const expired = new Map<string, ContentFragmentExpired>();
  let sourceRank: number | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'UserMessagePosted':
      case 'UserMessageEdited':
      case 'AgentMessageCreated':
      case 'ContentFragmentAdded':
        latestByRank.set(event.data.rank, event);
        versionsByRank.set(event.data.rank, [...(versionsByRank.get(event.data.rank) ?? []), event.data.messageId]);
        if (event.data.messageId === sourceMessageId) sourceRank = event.data.rank;
        break;
      case 'AgentMessageStatusChanged':
        if (event.data.status !== 'created') finalStatus.set(event.data.messageId, event);
        break;
      case 'AgentMessageCancelledOutcomeRecorded': {
        // The copy of a cancelled answer keeps what its run had written, as the parent shows it.
        const cancel = finalStatus.get(event.data.messageId);
        const { at: _at, conversationId: _c, workspaceId: _w, ...outcome } = event.data;
        if (cancel) finalStatus.set(event.data.messageId, { ...cancel, data: { ...cancel.data, ...outcome } });
        break;
      }
      case 'ContentFragmentSuperseded':
        superseded.add(event.data.messageId);
        break;
      case 'ContentFragmentExpired':
        expired.set(event.data.messageId, event);
        break;
      default:
        break;
    }
  }
  if (sourceRank === null) return null;
  const lastRank = sourceRank;
  const ids = new Map<string, string>();
  const copies: CopiedMessageEvent[] = [];
  const ranks = [...latestByRank.keys()].filter((rank) => rank <= lastRank).sort((a, b) => a - b);
  let nextRank = 0;
  for (const rank of ranks) {
    const event = latestByRank.get(rank);
    if (!event) continue;
    const copied = copyOf(event, { rank: nextRank, ids, newId, finalStatus, superseded, expired });
    if (copied.length === 0) continue;
    // An answer to an older version of a message points at its copy too.
    const copyId = copied[0].data.messageId;
    for (const id of versionsByRank.get(rank) ?? []) ids.set(id, copyId);
    nextRank += 1;
    copies.push(...copied);
  }
  return { copies, sourceRank };
}

interface CopyContext {
  readonly rank: number;
  readonly ids: Map<string, string>;
  readonly newId: () => string;
  readonly finalStatus: ReadonlyMap<string, AgentMessageStatusChanged>;
  readonly superseded: ReadonlySet<string>;
  readonly expired: ReadonlyMap<string, ContentFragmentExpired>;
}

function copyOf(event: Creation, context: CopyContext): CopiedMessageEvent[] {
  const { rank, ids, newId } = context;
  const messageId = newId();
  switch (event.type) {
    case 'UserMessagePosted':
    case 'UserMessageEdited': {
      const { previousMessageId: _previous, ...data } = { previousMessageId: null, ...event.data };
      ids.set(event.data.messageId, messageId);
      return [{ type: 'UserMessagePosted', data: { ...data, messageId, rank, version: 0 } }];
    }
    case 'AgentMessageCreated': {
      const outcome = context.finalStatus.get(event.data.messageId);
      if (!outcome) return [];
      ids.set(event.data.messageId, messageId);
      const { parentMessageId, parentAgentMessageId } = event.data;
      return [
        {
          type: 'AgentMessageCreated',
          data: {
            ...event.data,
            messageId,
            rank,
            version: 0,
            parentMessageId: ids.get(parentMessageId) ?? parentMessageId,
            parentAgentMessageId: parentAgentMessageId === null ? null : (ids.get(parentAgentMessageId) ?? null),
            previousMessageId: null,
            copiedFromMessageId: event.data.messageId,
          },
        },
        { type: 'AgentMessageStatusChanged', data: { ...outcome.data, messageId } },
      ];
    }
    case 'ContentFragmentAdded': {
      if (context.superseded.has(event.data.messageId)) return [];
      ids.set(event.data.messageId, messageId);
      const contentFragmentId = newId();
      const added: CopiedMessageEvent = { type: 'ContentFragmentAdded', data: { ...event.data, messageId, rank, version: 0, contentFragmentId } };
      // A fragment that expired in the parent stays expired in the fork.
      const expiry = context.expired.get(event.data.messageId);
      return expiry ? [added, { type: 'ContentFragmentExpired', data: { ...expiry.data, messageId, contentFragmentId } }] : [added];
    }
  }
}
