import type { AllStreamResolvedEvent, ResolvedEvent } from '@eventstore/db-client';
import type { EventMetadata, JsonObject, RecordedEvent } from './event-store.port';

/** A resolved event as any read or subscription of the client returns it. */
export type AnyResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;

/** An event of the server that the service did not write (or cannot read), left out of every read. */
export interface SkippedEvent {
  readonly id: string;
  readonly streamName: string;
  readonly type: string;
  readonly revision: number;
  /** Its position in the global log. */
  readonly position: number;
  readonly reason: string;
}

/**
 * What an event of the server is to the service: one of its own, one of the server's (system
 * streams and types, links), which nobody needs to hear about, or a foreign one (another writer of
 * the same server, or a payload that is not JSON objects), skipped and reported.
 */
export type ClassifiedEvent =
  | { readonly kind: 'ours'; readonly event: RecordedEvent }
  | { readonly kind: 'system' }
  | { readonly kind: 'foreign'; readonly skipped: SkippedEvent };

/** Sorts one event of the server into ours, system or foreign (see {@link ClassifiedEvent}). */
export function classifyResolved(resolved: AnyResolvedEvent): ClassifiedEvent {
  const event = resolved.event;
  if (event === undefined || event.streamId.startsWith('$') || event.type.startsWith('$')) return { kind: 'system' };
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) throw new Error('EventStoreDB did not return event positions (server older than 22.6?)');
  const payload = payloadOf(event.data, event.metadata);
  const identity = { id: event.id, streamName: event.streamId, type: event.type, revision: Number(event.revision), position: Number(commit) };
  if (typeof payload === 'string') return { kind: 'foreign', skipped: { ...identity, reason: payload } };
  return { kind: 'ours', event: { ...identity, ...payload, recordedAt: event.created.getTime() } };
}

/** Data and metadata as the service writes them, or why they are not. */
function payloadOf(data: unknown, metadata: unknown): { data: JsonObject; metadata: EventMetadata } | string {
  // The client hands back unparsable JSON as the raw string, and binary events as bytes.
  if (ArrayBuffer.isView(data)) return 'data is binary, not JSON';
  if (!isJsonObject(data)) return 'data is not a JSON object';
  if (!isJsonObject(metadata)) return metadata === undefined ? 'metadata is missing' : 'metadata is not a JSON object';
  if (!isEventMetadata(metadata)) return 'metadata has no numeric schemaVersion';
  return { data, metadata };
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return isJsonObject(value) && typeof value.schemaVersion === 'number';
}
