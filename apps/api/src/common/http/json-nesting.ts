/**
 * Deepest nesting of objects and arrays a JSON request body may have (the body itself is level 1).
 * Real bodies nest a handful of levels; every recursive step after the parser (class-transformer,
 * validation, serialization of events and read models) then stays far from the stack's limit.
 */
export const MAX_JSON_NESTING_DEPTH = 64;

/**
 * Most keys and array items a JSON request body may hold, counted before it is parsed. Every step
 * after the parser walks the value at least once (parse, checks, transform, validation), about 1 µs
 * per key each in large objects: 100,000 hold the event loop for tens of milliseconds, while the
 * 8 MB body limit alone would let 800,000 through (seconds). Real bodies hold a few hundred (a
 * tool's result is a handful of content blocks, whatever their length); table rows, which come by
 * the thousand, are bounded by MAX_ROWS_PER_UPSERT and the body limit instead.
 */
export const MAX_JSON_MEMBERS = 20_000;

const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** What a JSON text breaks, found before parsing: nesting too deep, or too many keys and items. */
export type JsonTextExcess = 'depth' | 'members';

/**
 * Whether the JSON text (UTF-8 bytes) opens objects and arrays more than `maxDepth` levels deep or
 * holds more than `maxMembers` keys and array items, read in one pass without parsing: punctuation
 * inside strings does not count, and an escaped quote does not end a string. Members are counted
 * from above (every comma outside strings, plus one per object or array), so a text within the
 * bound is within it whatever its layout. Bytes of multi-byte UTF-8 characters are all >= 0x80, so
 * they never look like punctuation. Malformed text is not judged here (the parser refuses it next);
 * the answer for it only has to be safe, never exact.
 */
export function jsonTextExcess(utf8: Uint8Array, maxDepth: number, maxMembers = Number.POSITIVE_INFINITY): JsonTextExcess | undefined {
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
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      members += 1;
      if (depth > maxDepth) return 'depth';
      if (members > maxMembers) return 'members';
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return undefined;
}

/** Whether the JSON text (UTF-8 bytes) opens objects and arrays more than `max` levels deep (see jsonTextExcess). */
export function jsonTextNestingExceeds(utf8: Uint8Array, max: number): boolean {
  return jsonTextExcess(utf8, max) === 'depth';
}

/** The refusal of a body holding more than `max` keys and array items. */
export function tooManyMembersMessage(max: number): string {
  return `must not hold more than ${max} keys and array items in all`;
}
