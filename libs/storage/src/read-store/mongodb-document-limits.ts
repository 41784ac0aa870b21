import { BSON } from 'mongodb';

/** Largest BSON document MongoDB stores (maxBsonObjectSize). */
export const MAX_BSON_DOCUMENT_BYTES = 16 * 1024 * 1024;
/** Most levels of nesting MongoDB stores, the document itself being the first (empty objects and arrays do not count). */
export const MAX_BSON_NESTING = 100;

interface Frame {
  readonly value: object;
  readonly depth: number;
  readonly path: string;
}

/**
 * Why MongoDB (5.0 or later) would refuse to store `stored`, the document exactly as written, or
 * undefined when it can: larger than 16 MiB, nested deeper than 100 levels, a key with a NUL
 * character (BSON cannot encode it), or a `$`-prefixed key at the top level (refused in a
 * replacement). Nested `$`-prefixed keys and keys with dots are stored by those servers, so they pass.
 * Walks iteratively: a document nested thousands of levels deep must be refused, not overflow the stack.
 */
export function bsonLimitViolation(stored: Readonly<Record<string, unknown>>): string | undefined {
  const stack: Frame[] = [{ value: stored, depth: 1, path: '' }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const isArray = Array.isArray(frame.value);
    for (const [key, child] of Object.entries(frame.value)) {
      if (!isArray && key.includes('\0')) return `key "${printable(pathOf(frame, key, isArray))}" contains a NUL character`;
      if (frame.depth === 1 && key.startsWith('$')) return `top-level key "${printable(key)}" starts with "$"`;
      if (!isContainer(child) || Object.keys(child).length === 0) continue;
      const path = pathOf(frame, key, isArray);
      if (frame.depth === MAX_BSON_NESTING) return `nested deeper than ${MAX_BSON_NESTING} levels at "${printable(path)}"`;
      stack.push({ value: child, depth: frame.depth + 1, path });
    }
  }
  // Measured only once the depth is known to be bounded: the size calculation recurses.
  const bytes = BSON.calculateObjectSize(stored, { ignoreUndefined: true });
  if (bytes > MAX_BSON_DOCUMENT_BYTES) return `${bytes} bytes as BSON, over the ${MAX_BSON_DOCUMENT_BYTES}-byte limit`;
  return undefined;
}

function pathOf(parent: Frame, key: string, isArray: boolean): string {
  if (isArray) return `${parent.path}[${key}]`;
  return parent.path === '' ? key : `${parent.path}.${key}`;
}

/** Plain objects and arrays nest; dates and other values the driver encodes are leaves. */
function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/** A key as an error message can show it: NUL visible, and no kilobytes of it. */
function printable(text: string): string {
  const shown = text.replaceAll('\0', '\\0');
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}
