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
  serializeStorableEvents(streamName, events);
}

/** An event's data and metadata as JSON text. */
export interface SerializedEvent {
  readonly data: string;
  readonly metadata: string;
}

/**
 * Checks the events as assertStorableEvents does and returns their JSON text, in order: the size
 * check serializes them anyway, and a store that keeps the text need not serialize them again.
 */
export function serializeStorableEvents(streamName: string, events: readonly NewEvent[]): SerializedEvent[] {
  return events.map((event) => {
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
    const data = JSON.stringify(event.data);
    const metadata = JSON.stringify(event.metadata);
    const bytes = Buffer.byteLength(data) + Buffer.byteLength(metadata);
    if (bytes > MAX_EVENT_BYTES) refuse(`it serializes to ${bytes} bytes, more than ${MAX_EVENT_BYTES}`);
    return { data, metadata };
  });
}

/** Names the first thing in the value that JSON cannot carry faithfully, or returns null. */
function jsonProblem(root: unknown): string | null {
  const problem = problemIn(root, 1, []);
  return problem === null ? null : problem.describe();
}

/** What is wrong, and where: the path is built only for a value that has a problem. */
class Problem {
  private path = '';

  constructor(private readonly reason: (where: string) => string) {}

  /** The problem is inside the child `segment` (`.key` or `[index]`) of the value one level up. */
  under(segment: string): Problem {
    this.path = segment + this.path;
    return this;
  }

  describe(): string {
    return this.reason(where(this.path));
  }
}

/**
 * Recursion stays shallow however deep the value is: a value nested deeper than MAX_EVENT_DEPTH is
 * refused before any of its children is visited. `ancestors` holds the objects on the path, so a
 * cycle is named as such (a value met twice on different paths is fine: JSON copies it).
 */
function problemIn(value: unknown, depth: number, ancestors: object[]): Problem | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : new Problem((at) => `${at} is not a finite number`);
  if (typeof value !== 'object') return new Problem((at) => `${at} is a ${typeof value}, which JSON cannot carry`);
  if (depth > MAX_EVENT_DEPTH) return new Problem((at) => `it nests deeper than ${MAX_EVENT_DEPTH} levels at ${at}`);
  if (ancestors.includes(value)) return new Problem((at) => `${at} refers back to itself`);
  const isArray = Array.isArray(value);
  if (!isArray && !isJsonRecord(value)) return new Problem((at) => `${at} is not a plain object`);
  ancestors.push(value);
  try {
    if (isArray) {
      for (let index = 0; index < value.length; index += 1) {
        const problem = problemIn(value[index], depth + 1, ancestors);
        if (problem !== null) return problem.under(`[${index}]`);
      }
      return null;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const child = record[key];
      // An absent optional field: JSON drops the key, and it reads back as absent.
      if (child === undefined) continue;
      const problem = problemIn(child, depth + 1, ancestors);
      if (problem !== null) return problem.under(`.${key}`);
    }
    return null;
  } finally {
    ancestors.pop();
  }
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
