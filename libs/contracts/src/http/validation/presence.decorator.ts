import { ValidateIf } from 'class-validator';

// class-validator's IsOptional() lets both `undefined` and `null` through; the API tells the two
// apart (a field that may be left out is not thereby nullable), and so does this decorator.

/** The key may be left out; an explicit `null` is still checked (and so refused), like zod's `.optional()`. */
export function IsOmittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
