import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { AUDIT_KINDS, type AuditKind } from '../read-models/audit.read-models';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { QueryInteger } from './validation/query-integer.decorator';
import { MESSAGES, atMostCharacters, oneOf } from './validation/validation.messages';

/** Most entries a page of the trail holds (and its default). */
export const AUDIT_PAGE_LIMIT_MAX = 500;
export const AUDIT_PAGE_LIMIT_DEFAULT = 100;

/** Filters of the trail and of its export: who, what, and from when to when (epoch ms, both inclusive). */
export class AuditFilterQueryDto {
  @InOrder(IsString({ message: MESSAGES.string }), MaxLength(64, { message: atMostCharacters(64) }), IsOmittable())
  @ApiPropertyOptional({ type: String, description: 'Only entries by this actor (a user sId, an API key id, or an agent sId).' })
  actor?: string;

  @InOrder(IsIn(AUDIT_KINDS, { message: oneOf(AUDIT_KINDS) }), IsOmittable())
  @ApiPropertyOptional({ enum: AUDIT_KINDS, enumName: 'AuditKind', description: 'Only entries of this kind.' })
  kind?: AuditKind;

  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { example: 1_700_000_000_000 })
  from?: number;

  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { example: 1_800_000_000_000 })
  to?: number;
}

/** Query of a page of the trail: the filters, `limit` and the `cursor` a previous page answered. */
export class AuditPageQueryDto extends AuditFilterQueryDto {
  @QueryInteger(1, AUDIT_PAGE_LIMIT_MAX, { default: AUDIT_PAGE_LIMIT_DEFAULT })
  limit?: number;

  @InOrder(IsString({ message: MESSAGES.string }), Matches(/^\d{1,16}$/, { message: 'must be a cursor a previous page answered' }), IsOmittable())
  @ApiPropertyOptional({ type: String, description: 'The `nextCursor` of the previous page.' })
  cursor?: string;
}
