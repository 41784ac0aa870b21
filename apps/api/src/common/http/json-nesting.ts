/**
 * Deepest nesting of objects and arrays a JSON request body may have (the body itself is level 1).
 * Real bodies nest a handful of levels; every recursive step after the parser (class-transformer,
 * validation, serialization of events and read models) then stays far from the stack's limit.
 */
export const MAX_JSON_NESTING_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the JSON text (UTF-8 bytes) opens objects and arrays more than `max` levels deep, read in
 * one pass without parsing: brackets inside strings do not count, and an escaped quote does not end
 * a string. Bytes of multi-byte UTF-8 characters are all >= 0x80, so they never look like
 * punctuation. Malformed text is not judged here (the parser refuses it next); the answer for it
 * only has to be safe, never exact.
 */
export function jsonTextNestingExceeds(utf8: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < utf8.length; index += 1) {
    const byte = utf8[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}
