import { isAgentRunEvent, toAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import type { AgentMessage } from '@app/contracts/http/conversation.types';
import {
  conversationMessageDocumentId,
  type ConversationDocument,
  type ConversationMessageDocument,
} from '@app/contracts/read-models/conversation.read-models';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { EMPTY_FOLD, eventAt, foldEvents, type ConversationFold } from './conversation-fold';
import { FoldSnapshotStore, type FoldSnapshotRef } from './fold-snapshot-store';

/** Events folded between two snapshots of a conversation. */
export const SNAPSHOT_EVERY_EVENTS = 500;
/** Conversations whose snapshots are kept (least recently read dropped first). */
const CACHED_CONVERSATIONS = 200;
/** Events read from the store at a time. */
const PAGE = 1_000;
/**
 * Events of one stream are appended in order of their decisions, whose clocks may disagree by a
 * little (commands take their time before the stream's lock): reading stops only this far past
 * the instant asked for.
 */
const CLOCK_SKEW_MS = 5_000;

/** Snapshots of one conversation: those in memory, and those stored (listed once per cache entry). */
interface ConversationSnapshots {
  readonly folds: ConversationFold[];
  readonly stored: Promise<FoldSnapshotRef[]>;
}

/** A conversation as it stood at an instant: its fold, or null when it did not exist yet (or no longer). */
export type FoldAt = (ConversationFold & { readonly header: ConversationDocument }) | null;

/**
 * Reads a conversation as it stood at an instant, by folding its own events (those whose `at` is
 * at or before the instant) with the read model's projections; agent answers still running then
 * show the text their run stream had streamed by that instant. Folds are kept as snapshots every
 * SNAPSHOT_EVERY_EVENTS events (a stream never changes below its end), so reading an old
 * instant of a long conversation folds at most that many events after reading them. Snapshots are
 * also stored in the read store (saved in the background), so that the first read after a restart
 * loads the nearest one instead of folding the conversation from its start.
 */
@Injectable()
export class ConversationTimeline {
  private readonly snapshots = new Map<string, ConversationSnapshots>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly stored: FoldSnapshotStore,
  ) {}

  /** The conversation at `at` (epoch ms). */
  async at(conversationId: string, at: number): Promise<FoldAt> {
    const fold = await this.foldUntil(conversationId, at);
    if (!fold.header || fold.header.deleted) return null;
    const running = [...fold.messages.values()].filter((doc) => doc.message.type === 'agent_message' && doc.message.status === 'created');
    if (running.length === 0) return { ...fold, header: fold.header };
    const messages = new Map(fold.messages);
    await Promise.all(
      running.map(async (doc) => {
        const streamed = await this.streamedAt(doc, at);
        if (streamed) messages.set(conversationMessageDocumentId(doc.conversationId, doc.message.sId), streamed);
      }),
    );
    return { ...fold, header: fold.header, messages };
  }

  /**
   * Folds the conversation up to now, which takes (and stores) the snapshots it lacks. The
   * conversation joins the in-memory cache only if a read put it there.
   */
  async snapshotNow(conversationId: string): Promise<void> {
    const cached = this.snapshots.get(conversationId);
    await this.foldUntil(conversationId, Date.now(), cached ?? this.uncached(conversationId));
  }

  private async foldUntil(conversationId: string, at: number, from = this.snapshotsOf(conversationId)): Promise<ConversationFold> {
    const { folds: snapshots, stored } = from;
    let fold = await this.nearest(conversationId, at, snapshots, await stored);
    const streamName = toConversationStreamName(conversationId);
    // A snapshot must hold every event up to its revision: none is taken once one was left out.
    let skipped = false;
    for (;;) {
      const page = await this.eventStore.readStream(streamName, { fromRevision: fold.revision + 1, maxCount: PAGE });
      let pending: RecordedEvent[] = [];
      let done = page.length < PAGE;
      for (const event of page) {
        const eventTime = eventAt(event);
        if (eventTime > at + CLOCK_SKEW_MS) {
          done = true;
          break;
        }
        if (eventTime > at) {
          skipped = true;
          continue;
        }
        pending.push(event);
        if (pending.length >= SNAPSHOT_EVERY_EVENTS) {
          const base = fold;
          fold = foldEvents(fold, pending);
          pending = [];
          if (!skipped) this.keep(conversationId, base, fold, snapshots, await stored);
        }
      }
      fold = foldEvents(fold, pending);
      if (done) return fold;
    }
  }

  /** The latest snapshot at or before `at`: in memory, or loaded from the store when a later one is stored. */
  private async nearest(conversationId: string, at: number, snapshots: ConversationFold[], stored: FoldSnapshotRef[]): Promise<ConversationFold> {
    const inMemory = snapshots.findLast((snapshot) => snapshot.maxAt <= at) ?? EMPTY_FOLD;
    const chain = chainOf(stored).filter((ref) => ref.maxAt <= at);
    if (chain.length === 0 || chain.at(-1)!.revision <= inMemory.revision) return inMemory;
    const loaded = await this.stored.load(conversationId, chain).catch(() => null);
    if (!loaded || loaded.revision <= inMemory.revision) return inMemory;
    insertInOrder(snapshots, loaded);
    return loaded;
  }

  /** Keeps a fold (folded on from the snapshot `base`) in memory unless a snapshot at its revision is there, and stores it unless it is stored already. */
  private keep(conversationId: string, base: ConversationFold, fold: ConversationFold, snapshots: ConversationFold[], stored: FoldSnapshotRef[]): void {
    if (snapshots.some((snapshot) => snapshot.revision === fold.revision)) return;
    insertInOrder(snapshots, fold);
    if (stored.some((ref) => ref.revision === fold.revision)) return;
    stored.push({ base: base.revision, revision: fold.revision, maxAt: fold.maxAt });
    stored.sort((a, b) => a.revision - b.revision);
    this.stored.save(conversationId, base, fold);
  }

  private snapshotsOf(conversationId: string): ConversationSnapshots {
    const cached = this.snapshots.get(conversationId);
    if (cached) {
      // Least recently read last out: move it to the end of the insertion order.
      this.snapshots.delete(conversationId);
      this.snapshots.set(conversationId, cached);
      return cached;
    }
    const fresh = this.uncached(conversationId);
    this.snapshots.set(conversationId, fresh);
    if (this.snapshots.size > CACHED_CONVERSATIONS) {
      const oldest = this.snapshots.keys().next().value;
      if (oldest !== undefined) this.snapshots.delete(oldest);
    }
    return fresh;
  }

  private uncached(conversationId: string): ConversationSnapshots {
    return { folds: [], stored: this.stored.list(conversationId).catch(() => []) };
  }

  /** A running agent message with the tokens its run had streamed by `at`. */
  private async streamedAt(doc: ConversationMessageDocument, at: number): Promise<ConversationMessageDocument | null> {
    const message = doc.message as AgentMessage;
    const events = await this.eventStore.readStream(toAgentMessageStreamName(message.sId));
    let content = '';
    let chainOfThought = '';
    for (const event of events) {
      if (!isAgentRunEvent(event) || event.type !== 'AgentTokensGenerated' || event.data.at > at) continue;
      if (event.data.classification === 'tokens') content += event.data.text;
      if (event.data.classification === 'chain_of_thought') chainOfThought += event.data.text;
    }
    if (content === '' && chainOfThought === '') return null;
    return { ...doc, message: { ...message, content: content || null, chainOfThought: chainOfThought || null } };
  }
}

/** Snapshots are kept in revision order, as they are found by their `maxAt` (which grows with the revision). */
function insertInOrder(snapshots: ConversationFold[], fold: ConversationFold): void {
  const index = snapshots.findIndex((snapshot) => snapshot.revision > fold.revision);
  if (index === -1) snapshots.push(fold);
  else snapshots.splice(index, 0, fold);
}

/** The stored snapshots that follow one another from the start of the stream, each a change from the one before. */
function chainOf(stored: readonly FoldSnapshotRef[]): FoldSnapshotRef[] {
  const chain: FoldSnapshotRef[] = [];
  let revision = EMPTY_FOLD.revision;
  for (;;) {
    const next = stored.find((ref) => ref.base === revision);
    if (!next) return chain;
    chain.push(next);
    revision = next.revision;
  }
}
