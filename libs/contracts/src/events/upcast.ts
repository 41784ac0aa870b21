/** The shape upcasting needs from a stored event. */
export interface VersionedEvent {
  readonly type: string;
  readonly data: { readonly [key: string]: unknown };
  readonly metadata: { readonly schemaVersion: number };
}

/** Current schema version of every event type written today. */
export const CURRENT_SCHEMA_VERSION = 1;

/**
 * Brings a stored event to the current schema. Both apps call it before anything else reads an
 * event. Adding an optional field needs no case here; any other change bumps `schemaVersion` and adds
 * a case that rewrites the older shape.
 */
export function upcast<E extends VersionedEvent>(event: E): E {
  if (event.metadata.schemaVersion >= CURRENT_SCHEMA_VERSION) return event;
  return { ...event, metadata: { ...event.metadata, schemaVersion: CURRENT_SCHEMA_VERSION } };
}
