import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsObject, IsOptional, IsString, ValidateNested, type ValidationOptions } from 'class-validator';
import { InOrder } from './in-order.decorator';
import { IsOmittable } from './presence.decorator';
import { LengthAtLeast, LengthAtMost } from './string.decorator';
import { MESSAGES } from './validation.messages';

// Kinds of field that several bodies share, each documented and checked by one decorator so that
// the documented bounds are the checked ones. Checks run in the order written here.

/** What a field's documentation adds to its kind. */
export interface FieldDoc {
  readonly example?: unknown;
  readonly description?: string;
}

/** A string of at most `maxLength` characters, or null, or left out; `lengthOptions` can reword the length failure. */
export function NullableText(maxLength: number, doc: FieldDoc = {}, lengthOptions?: ValidationOptions): PropertyDecorator {
  return InOrder(
    IsString({ message: MESSAGES.string }),
    LengthAtMost(maxLength, lengthOptions),
    IsOptional(),
    ApiPropertyOptional({ type: String, maxLength, nullable: true, ...doc }),
  );
}

/** A boolean that may be left out (null is refused). */
export function OmittableBoolean(doc: FieldDoc = {}): PropertyDecorator {
  return InOrder(IsBoolean({ message: MESSAGES.boolean }), IsOmittable(), ApiPropertyOptional({ type: Boolean, ...doc }));
}

/** Whether a field must be sent, may be left out, or may also be null. */
export type Presence = 'required' | 'omittable' | 'nullable';

const PRESENCE_CHECKS: Readonly<Record<Presence, () => PropertyDecorator>> = {
  required: () => IsDefined({ message: MESSAGES.required }),
  omittable: IsOmittable,
  nullable: IsOptional,
};

/** A non-empty string of at most `maxLength` characters, sent as `presence` says (never null). */
export function NonEmptyText(maxLength: number, presence: Exclude<Presence, 'nullable'>, doc: FieldDoc = {}): PropertyDecorator {
  const documented = { type: String, minLength: 1, maxLength, ...doc };
  return InOrder(
    IsString({ message: MESSAGES.string }),
    LengthAtLeast(1),
    LengthAtMost(maxLength),
    PRESENCE_CHECKS[presence](),
    presence === 'required' ? ApiProperty(documented) : ApiPropertyOptional(documented),
  );
}

/** An object validated as an instance of `type()`, sent as `presence` says. */
export function NestedObject(type: () => new () => object, presence: Presence, doc: FieldDoc = {}): PropertyDecorator {
  // @nestjs/swagger tells a lazy type from a class by its name, which only an arrow written as the
  // `type` key of an object literal gets: `type` itself, a parameter, is nameless.
  const documented = { type: () => type(), ...(presence === 'nullable' ? { nullable: true } : {}), ...doc };
  return InOrder(
    Type(type),
    IsObject({ message: MESSAGES.object }),
    ValidateNested(),
    PRESENCE_CHECKS[presence](),
    presence === 'required' ? ApiProperty(documented) : ApiPropertyOptional(documented),
  );
}
