import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn } from 'class-validator';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray } from './validation/string.decorator';
import { QueryInteger } from './validation/query-integer.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';
import { NonEmptyText, NullableText } from './validation/field.decorator';

/** Most members a space is created with. */
export const MAX_SPACE_MEMBERS = 1000;

/** The kinds of space a request may create (the others come with the workspace). */
export const CREATABLE_SPACE_KINDS = ['regular', 'project'] as const;
export type CreatableSpaceKind = (typeof CREATABLE_SPACE_KINDS)[number];

/** `POST /api/w/{wId}/spaces`: a regular space or a project, restricted to its members or open to the workspace. */
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

  @InOrder(
    IsIn(CREATABLE_SPACE_KINDS, { message: oneOf(CREATABLE_SPACE_KINDS) }),
    IsOmittable(),
    ApiPropertyOptional({ enum: CREATABLE_SPACE_KINDS, description: 'A project holds conversations and metadata; default regular.' }),
  )
  spaceKind?: CreatableSpaceKind;
}

/** Most characters of a project's description. */
export const MAX_PROJECT_DESCRIPTION_LENGTH = 10_000;

/** `PATCH /api/w/{wId}/spaces/{spaceId}/project_metadata`: a project's description (null clears it). */
export class PatchProjectMetadataDto {
  @NullableText(MAX_PROJECT_DESCRIPTION_LENGTH, { example: 'Everything about the autumn launch.' })
  description?: string | null;
}

/** `GET …/spaces/{spaceId}/conversations`: only what changed since then (epoch ms). */
export class UpdatedSinceQueryDto {
  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { example: 1_700_000_000_000 })
  updatedSince?: number;
}

/**
 * `PATCH /api/w/{wId}/spaces/{spaceId}/members`: who a regular space or a project holds, as the real
 * service takes it: restricted or not, and its members (the whole list, user sIds).
 */
export class PatchSpaceMembersDto {
  @InOrder(IsBoolean({ message: MESSAGES.boolean }), IsDefined({ message: MESSAGES.required }), ApiProperty({ type: Boolean }))
  isRestricted!: boolean;

  @InOrder(
    IsStringArray({ maxItems: MAX_SPACE_MEMBERS, itemMinLength: 1, itemMaxLength: 64 }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: String, isArray: true, description: 'User sIds of all the members (a restricted space is seen by admins and its members).' }),
  )
  memberIds!: string[];
}
