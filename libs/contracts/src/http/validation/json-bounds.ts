// Measures of a parsed JSON value, written without recursion: the values come from clients, and a
// recursive walk over a value nested a few thousand levels deep overflows the stack.

import { utf8ByteLength } from './utf8-length';

/** Whether objects and arrays nest deeper than `max` levels (the value itself, if an object or array, is level 1). */
export function nestingExceeds(root: unknown, max: number): boolean {
  if (typeof root !== 'object' || root === null) return false;
  const pending: { value: object; depth: number }[] = [{ value: root, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > max) return true;
    for (const child of Object.values(next.value)) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}

/** UTF-8 size of the value written as JSON; Infinity for a value JSON cannot hold (a cycle, a BigInt). */
export function jsonByteLength(value: unknown): number {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : utf8ByteLength(text);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The failure of a value nested more than `max` levels deep (its path is added by the caller). */
export function tooDeepMessage(max: number): string {
  return `must not nest objects and arrays more than ${max} levels deep`;
}

/** The failure of a value longer than `maxBytes` as JSON. */
export function tooLargeMessage(maxBytes: number): string {
  return `must be at most ${maxBytes % 1024 === 0 ? `${maxBytes / 1024} KiB` : `${maxBytes} bytes`} of JSON`;
}

/** Bounds of a free-form JSON value. */
export interface JsonBounds {
  /** Deepest nesting of objects and arrays, the value itself being level 1. */
  readonly maxDepth: number;
  /** Largest size of the value written as JSON, in UTF-8 bytes. */
  readonly maxBytes: number;
}

/** Why a value breaks `bounds` ("must nest … at most N levels", "must be at most N KiB of JSON"), or undefined. */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds): string | undefined {
  // Depth first: it is what makes serializing the value unsafe.
  if (nestingExceeds(value, bounds.maxDepth)) return tooDeepMessage(bounds.maxDepth);
  if (jsonByteLength(value) > bounds.maxBytes) return tooLargeMessage(bounds.maxBytes);
  return undefined;
}
