import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { JsonObject, RecordedEvent } from '@app/storage';

/** A stored copy of any `{type, data}` event on `streamName`, at global `position` (revision = position - 1). */
export function recordedOn(streamName: string, event: { readonly type: string; readonly data: object }, position: number, recordedAt = 1_700_000_000_000): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamName,
    revision: position - 1,
    position,
    type: event.type,
    data: event.data as JsonObject,
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt,
  };
}
