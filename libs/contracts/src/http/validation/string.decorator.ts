import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, ValidateBy, type ValidationOptions } from 'class-validator';
import { InOrder } from './in-order.decorator';
import { atMostCharacters, itemCount, MESSAGES } from './validation.messages';

// class-validator's MaxLength/MinLength (validator.js isLength) count an astral character as one
// and do not count U+FE0E/U+FE0F at all, so a string of a million variation selectors would pass
// MaxLength(256 KiB). These count UTF-16 code units, as `String.length` and zod do.

/** At most `max` UTF-16 code units. */
export function LengthAtMost(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'lengthAtMost',
      constraints: [max],
      validator: { validate: (value: unknown) => typeof value === 'string' && value.length <= max, defaultMessage: () => atMostCharacters(max) },
    },
    options,
  );
}

/** At least `min` UTF-16 code units (`min` 1: "must not be empty"). */
export function LengthAtLeast(min: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'lengthAtLeast',
      constraints: [min],
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.length >= min,
        defaultMessage: () => (min === 1 ? MESSAGES.notEmpty : `must be at least ${min} characters`),
      },
    },
    options,
  );
}

/** Something besides white space. */
export function NotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'notBlank',
      validator: { validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0, defaultMessage: () => MESSAGES.notEmpty },
    },
    options,
  );
}

/** Bounds of `IsStringArray`. */
export interface StringArrayBounds {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly itemMinLength?: number;
  readonly itemMaxLength?: number;
}

/** An array of strings, of bounded count and lengths. */
export function IsStringArray(bounds: StringArrayBounds = {}): PropertyDecorator {
  return InOrder(
    IsArray({ message: MESSAGES.array }),
    ...(bounds.minItems === undefined ? [] : [ArrayMinSize(bounds.minItems, { message: itemCount('at least', bounds.minItems) })]),
    ...(bounds.maxItems === undefined ? [] : [ArrayMaxSize(bounds.maxItems, { message: itemCount('at most', bounds.maxItems) })]),
    IsString({ each: true, message: 'must be an array of strings' }),
    ...(bounds.itemMinLength === undefined ? [] : [LengthAtLeast(bounds.itemMinLength, { each: true })]),
    ...(bounds.itemMaxLength === undefined ? [] : [LengthAtMost(bounds.itemMaxLength, { each: true })]),
  );
}
