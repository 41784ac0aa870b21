import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { JsonObject, ReadDocument, RecordedEvent } from '@app/storage';
import type { Projection } from '../src/projection';

/** Test helpers: conversation events as the store records them, and folding a projection over them. */

/** A stored copy of `event` at a global `position` (revision = position unless given). */
export function recorded(event: ConversationEvent, position: number, revision = position): RecordedEvent {
  const data: JsonObject = event.data;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamName: `conversation-${event.data.conversationId}`,
    revision,
    position,
    type: event.type,
    data,
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: event.data.at,
  };
}

/** Records events at positions `firstPosition`, `firstPosition + 1`, … */
export function recordAll(events: readonly ConversationEvent[], firstPosition = 1): RecordedEvent[] {
  return events.map((event, i) => recorded(event, firstPosition + i));
}

/** Applies events to the documents of a projection, as the applier does; returns documents by id. */
export function project<Doc extends ReadDocument>(
  projection: Projection<Doc>,
  events: readonly RecordedEvent[],
  initial: ReadonlyMap<string, Doc> = new Map(),
): Map<string, Doc> {
  const docs = new Map(initial);
  for (const event of events) {
    if (!projection.canHandle.includes(event.type)) continue;
    for (const id of projection.documentIds(event)) {
      const next = projection.evolve(docs.get(id) ?? null, event, id);
      if (next === null) docs.delete(id);
      else docs.set(id, next);
    }
  }
  return docs;
}
