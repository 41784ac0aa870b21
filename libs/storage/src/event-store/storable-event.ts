import type { NewEvent } from './event-store.port';

/**
 * Deepest nesting an event's data may have. Read models embed event data a few levels down, and
 * the read stores have hard limits (MongoDB refuses documents nested deeper than 100, SQLite's JSON
 * functions deeper than 1000), so an event deeper than this could be stored but never projected.
 */
export const MAX_EVENT_DEPTH = 64;
/** Largest serialized event (data plus metadata), well under MongoDB's 16 MB document limit. */
export const MAX_EVENT_BYTES = 4 * 1024 * 1024;

/** An event that the store refuses because nothing could read it back; nothing was written. */
export class UnstorableEventError extends Error {
  constructor(
    readonly streamName: string,
    readonly eventType: string,
    readonly reason: string,
  ) {
    super(`Event ${eventType} on ${streamName} cannot be stored: ${reason}`);
    this.name = 'UnstorableEventError';
  }
}

/**
 * Checks that every event of a batch reads back exactly as written: data and metadata are plain
 * JSON objects (no undefined, functions, bigints, non-finite numbers or cycles), nested at most
 * {@link MAX_EVENT_DEPTH} deep, within {@link MAX_EVENT_BYTES}, and metadata carries its schema
 * version. Both adapters call it before writing, so a poisoned event never enters the log.
 */
export function assertStorableEvents(streamName: string, events: readonly NewEvent[]): void {
  for (const event of events) {
    const refuse = (reason: string): never => {
      throw new UnstorableEventError(streamName, event.type, reason);
    };
    if (typeof event.id !== 'string' || event.id.length === 0) refuse('the event id is empty');
    if (typeof event.type !== 'string' || event.type.length === 0) refuse('the event type is empty');
    if (!isPlainObject(event.data)) refuse('data is not a JSON object');
    if (!isPlainObject(event.metadata) || typeof event.metadata.schemaVersion !== 'number') {
      refuse('metadata is not a JSON object with a schemaVersion');
    }
    const problem = jsonProblem(event.data) ?? jsonProblem(event.metadata);
    if (problem !== null) refuse(problem);
    const bytes = Buffer.byteLength(JSON.stringify(event.data)) + Buffer.byteLength(JSON.stringify(event.metadata));
    if (bytes > MAX_EVENT_BYTES) refuse(`it serializes to ${bytes} bytes, more than ${MAX_EVENT_BYTES}`);
  }
}

/**
 * Walks a value with an explicit stack (no recursion, so no stack overflow on hostile depth) and
 * names the first thing JSON cannot carry faithfully, or returns null.
 */
function jsonProblem(root: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: root, depth: 1, path: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop() as { value: unknown; depth: number; path: string };
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${where(path)} is not a finite number`;
      continue;
    }
    if (typeof value !== 'object') return `${where(path)} is a ${typeof value}, which JSON cannot carry`;
    if (depth > MAX_EVENT_DEPTH) return `it nests deeper than ${MAX_EVENT_DEPTH} levels at ${where(path)}`;
    if (seen.has(value)) return `${where(path)} refers back to itself`;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, depth: depth + 1, path: `${path}[${index}]` }));
      continue;
    }
    if (!isJsonRecord(value)) return `${where(path)} is not a plain object`;
    for (const [key, child] of Object.entries(value)) {
      // An absent optional field: JSON drops the key, and it reads back as absent.
      if (child === undefined) continue;
      stack.push({ value: child, depth: depth + 1, path: `${path}.${key}` });
    }
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * An object JSON carries as its own enumerable fields: a plain object, or a class instance such as a
 * validated request DTO. Not one with its own serialisation (a Date, a Buffer) or whose content JSON
 * drops (a Map, a Set, a RegExp, typed arrays).
 */
function isJsonRecord(value: object): boolean {
  if (isPlainObject(value)) return true;
  if (value instanceof Map || value instanceof Set || value instanceof RegExp || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function where(path: string): string {
  return path === '' ? 'the value' : path.slice(path.startsWith('.') ? 1 : 0);
}
