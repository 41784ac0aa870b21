import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';
import { NonEmptyText } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray } from './validation/string.decorator';
import { MESSAGES } from './validation/validation.messages';

/** Most members a space is created with. */
export const MAX_SPACE_MEMBERS = 1000;

/** `POST /api/w/{wId}/spaces`: a regular space, restricted to its members or open to the workspace. */
export class CreateSpaceDto {
  @NonEmptyText(255, 'required', { example: 'Engineering' })
  name!: string;

  @InOrder(
    IsStringArray({ maxItems: MAX_SPACE_MEMBERS, itemMinLength: 1, itemMaxLength: 64 }),
    IsOmittable(),
    ApiPropertyOptional({ type: String, isArray: true, description: 'User sIds of the members (a restricted space is seen by admins and its members).' }),
  )
  memberIds?: string[];

  @InOrder(IsBoolean({ message: MESSAGES.boolean }), IsDefined({ message: MESSAGES.required }), ApiProperty({ type: Boolean }))
  isRestricted!: boolean;
}
