import { ValidateIf } from 'class-validator';

// class-validator's IsOptional() lets both `undefined` and `null` through; the zod schemas these
// classes replace tell the two apart (`.optional()` vs `.nullable()`), and so do these.

/** The key may be left out; an explicit `null` is still checked (and so refused), like zod's `.optional()`. */
export function IsOmittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/** `null` is accepted, but the key must be sent, like zod's `.nullable()` without `.optional()`. */
export function IsNullable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== null);
}
