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

/** A conversation as it stood at an instant: its fold, or null when it did not exist yet (or no longer). */
export type FoldAt = (ConversationFold & { readonly header: ConversationDocument }) | null;

/**
 * Reads a conversation as it stood at an instant, by folding its own events (those whose `at` is
 * at or before the instant) with the read model's projections; agent answers still running then
 * show the text their run stream had streamed by that instant. Folds are kept as snapshots every
 * SNAPSHOT_EVERY_EVENTS events (a stream never changes below its end), so reading an old
 * instant of a long conversation folds at most that many events after reading them.
 */
@Injectable()
export class ConversationTimeline {
  private readonly snapshots = new Map<string, ConversationFold[]>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

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

  private async foldUntil(conversationId: string, at: number): Promise<ConversationFold> {
    const snapshots = this.snapshotsOf(conversationId);
    let fold = [...snapshots].reverse().find((snapshot) => snapshot.maxAt <= at) ?? EMPTY_FOLD;
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
          fold = foldEvents(fold, pending);
          pending = [];
          if (!skipped && fold.revision > (snapshots.at(-1)?.revision ?? -1)) snapshots.push(fold);
        }
      }
      fold = foldEvents(fold, pending);
      if (done) return fold;
    }
  }

  private snapshotsOf(conversationId: string): ConversationFold[] {
    const cached = this.snapshots.get(conversationId);
    if (cached) {
      // Least recently read last out: move it to the end of the insertion order.
      this.snapshots.delete(conversationId);
      this.snapshots.set(conversationId, cached);
      return cached;
    }
    const fresh: ConversationFold[] = [];
    this.snapshots.set(conversationId, fresh);
    if (this.snapshots.size > CACHED_CONVERSATIONS) {
      const oldest = this.snapshots.keys().next().value;
      if (oldest !== undefined) this.snapshots.delete(oldest);
    }
    return fresh;
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
