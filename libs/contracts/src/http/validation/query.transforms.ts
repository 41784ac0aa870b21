import type { TransformFnParams } from 'class-transformer';

/**
 * `Number(value)`, as zod's `z.coerce.number()` reads a query parameter: `""` is 0, a repeated
 * parameter (`["5"]`) is read through `String()`, anything else unreadable is NaN (and refused by
 * the integer check that follows).
 */
export function coerceNumber({ value }: TransformFnParams): unknown {
  return value === undefined ? undefined : Number(value);
}

/**
 * `"true"`/`"false"` become booleans; anything else is left as sent, so that the boolean check that
 * follows refuses it (`withAuthors=maybe` is a 400, not `false`).
 */
export function parseQueryFlag({ value }: TransformFnParams): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** A non-negative decimal integer (`"12"`), or NaN for anything else (signs, exponents, spaces). */
export function parseDecimalInteger({ value }: TransformFnParams): unknown {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}
