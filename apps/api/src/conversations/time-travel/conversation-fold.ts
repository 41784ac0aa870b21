import { upcast } from '@app/contracts/events/upcast';
import {
  contentOf,
  type ConversationDocument,
  type ConversationMessageDocument,
  type ConversationWithContent,
} from '@app/contracts/read-models/conversation.read-models';
import { conversationMessageProjection, conversationProjection } from '@app/projections';
import type { RecordedEvent } from '@app/storage';

/**
 * A conversation folded from its own events with the read model's projections, so that a
 * conversation read as of an instant is built exactly as the read model built it then, without
 * reading the read model. Values are immutable: a fold can be kept as a snapshot and folded on.
 */
export interface ConversationFold {
  readonly header: ConversationDocument | null;
  /** Message documents by document id. */
  readonly messages: ReadonlyMap<string, ConversationMessageDocument>;
  /** Stream revision of the last event folded (-1: none). */
  readonly revision: number;
  /** Latest `at` among the folded events (epoch ms; 0: none). */
  readonly maxAt: number;
}

export const EMPTY_FOLD: ConversationFold = { header: null, messages: new Map(), revision: -1, maxAt: 0 };

const HEADER_TYPES: ReadonlySet<string> = new Set(conversationProjection.canHandle);
const MESSAGE_TYPES: ReadonlySet<string> = new Set(conversationMessageProjection.canHandle);

/** Folds stored events (in stream order) into a fold; returns a new fold, `fold` is left as it was. */
export function foldEvents(fold: ConversationFold, events: readonly RecordedEvent[]): ConversationFold {
  let header = fold.header;
  let messages: Map<string, ConversationMessageDocument> | null = null;
  let { revision, maxAt } = fold;
  for (const stored of events) {
    const event = upcast(stored);
    revision = event.revision;
    maxAt = Math.max(maxAt, eventAt(event));
    if (HEADER_TYPES.has(event.type)) {
      for (const id of conversationProjection.documentIds(event)) header = conversationProjection.evolve(header, event, id);
    }
    if (!MESSAGE_TYPES.has(event.type)) continue;
    for (const id of conversationMessageProjection.documentIds(event)) {
      messages ??= new Map(fold.messages);
      const next = conversationMessageProjection.evolve(messages.get(id) ?? null, event, id);
      if (next === null) messages.delete(id);
      else messages.set(id, next);
    }
  }
  return { header, messages: messages ?? fold.messages, revision, maxAt };
}

/** When an event happened: the `at` every conversation event carries. */
export function eventAt(event: RecordedEvent): number {
  const at = (event.data as { at?: unknown }).at;
  return typeof at === 'number' ? at : event.recordedAt;
}

/** The fold as a conversation with content (ranks ascending, versions oldest first), limited to `ranks` when given. */
export function conversationOf(fold: ConversationFold & { header: ConversationDocument }, ranks?: ReadonlySet<number>): ConversationWithContent {
  const documents = [...fold.messages.values()]
    .filter((doc) => ranks === undefined || ranks.has(doc.rank))
    .sort((a, b) => a.rank - b.rank || a.createdPosition - b.createdPosition);
  return { ...fold.header, content: contentOf(documents) };
}
