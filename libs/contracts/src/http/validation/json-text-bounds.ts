/**
 * Deepest nesting of objects and arrays a JSON request body may have (the body itself is level 1).
 * Real bodies nest a handful of levels; every recursive step after the parser (the DTO transformer,
 * validation, serialization of events and read models) then stays far from the stack's limit.
 */
export const MAX_JSON_NESTING_DEPTH = 64;

/**
 * Most keys and array items a JSON request body may hold, counted before it is parsed. Every step
 * after the parser walks the value at least once (parse, checks, transform, validation), about 1 µs
 * per key each in large objects: 100,000 hold the event loop for tens of milliseconds, while the
 * 8 MB body limit alone would let 800,000 through (seconds). Real bodies hold a few hundred (a
 * tool's result is a handful of content blocks, whatever their length); the routes that carry
 * bulk data in small objects (table rows, document sections) have allowances of their own.
 */
export const MAX_JSON_MEMBERS = 20_000;

/**
 * Most keys one JSON object of a request body may hold, on every route. Past about a thousand
 * properties V8 keeps an object as a dictionary, and every step then pays several times more per
 * key (600,000 keys in one object: 0.26 s to parse, 0.45 s per walk; in objects of 100 keys:
 * 0.02 s and 0.04 s). No object a client sends needs more (a table row has at most 512 columns).
 */
export const MAX_JSON_OBJECT_KEYS = 1_024;

/** What the scan of a body enforces; a route with bulk data raises `maxMembers`. */
export interface JsonTextBounds {
  readonly maxDepth: number;
  readonly maxMembers: number;
  readonly maxObjectKeys: number;
}

/** The bounds of every route that carries no bulk data. */
export const JSON_BODY_BOUNDS: JsonTextBounds = { maxDepth: MAX_JSON_NESTING_DEPTH, maxMembers: MAX_JSON_MEMBERS, maxObjectKeys: MAX_JSON_OBJECT_KEYS };

const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** What a JSON text breaks, found before parsing: nesting, keys and items in all, or keys of one object. */
export type JsonTextExcess = 'depth' | 'members' | 'objectKeys';

/**
 * What the JSON text (UTF-8 bytes) breaks of `bounds`, read in one pass without parsing:
 * punctuation inside strings does not count, and an escaped quote does not end a string. Keys and
 * items are counted from above (every comma outside strings, plus one per object or array; an
 * object's keys as its commas plus one), so a text within the bounds is within them whatever its
 * layout. Bytes of multi-byte UTF-8 characters are all >= 0x80, so they never look like
 * punctuation. Malformed text is not judged here (the parser refuses it next); the answer for it
 * only has to be safe, never exact.
 */
export function jsonTextExcess(utf8: Uint8Array, bounds: JsonTextBounds): JsonTextExcess | undefined {
  const { maxDepth, maxMembers, maxObjectKeys } = bounds;
  // Per open level: whether it is an object, and how many commas it has had.
  const isObject = new Uint8Array(maxDepth + 2);
  const commas = new Uint32Array(maxDepth + 2);
  let depth = 0;
  let members = 0;
  let inString = false;
  for (let index = 0; index < utf8.length; index += 1) {
    const byte = utf8[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === COMMA) {
      members += 1;
      if (members > maxMembers) return 'members';
      if (depth > 0) {
        commas[depth] += 1;
        if (isObject[depth] === 1 && commas[depth] + 1 > maxObjectKeys) return 'objectKeys';
      }
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      members += 1;
      if (depth > maxDepth) return 'depth';
      if (members > maxMembers) return 'members';
      isObject[depth] = byte === OPEN_BRACE ? 1 : 0;
      commas[depth] = 0;
    } else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && depth > 0) {
      depth -= 1;
    }
  }
  return undefined;
}

/** Whether the JSON text (UTF-8 bytes) opens objects and arrays more than `max` levels deep (see jsonTextExcess). */
export function jsonTextNestingExceeds(utf8: Uint8Array, max: number): boolean {
  return jsonTextExcess(utf8, { maxDepth: max, maxMembers: Number.POSITIVE_INFINITY, maxObjectKeys: Number.POSITIVE_INFINITY }) === 'depth';
}

/** The refusal of a body holding more than `max` keys and array items. */
export function tooManyMembersMessage(max: number): string {
  return `must not hold more than ${max} keys and array items in all`;
}

/** The refusal of a body with an object of more than `max` keys. */
export function tooManyObjectKeysMessage(max: number): string {
  return `no object may hold more than ${max} keys`;
}
