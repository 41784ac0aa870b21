/**
 * Wording of validation failures. A message never repeats the field name (the exception factory
 * appends `at "<path>"`) and never echoes the value that was sent.
 */
export const MESSAGES = {
  required: 'is required',
  string: 'must be a string',
  boolean: 'must be a boolean',
  integer: 'must be an integer',
  number: 'must be a finite number',
  array: 'must be an array',
  object: 'must be an object',
  notEmpty: 'must not be empty',
} as const;

/** "must be one of: a, b, c". */
export function oneOf(values: readonly string[]): string {
  return `must be one of: ${values.join(', ')}`;
}

/** "must be at most N characters". */
export function atMostCharacters(max: number): string {
  return `must be at most ${max} characters`;
}

/** "must hold at most N items" (or at least). */
export function itemCount(bound: 'at most' | 'at least', count: number): string {
  return `must hold ${bound} ${count} item${count === 1 ? '' : 's'}`;
}
