import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, ValidateBy } from 'class-validator';
import { NullableText } from './validation/field.decorator';
import { BoundedExtraKeys } from './validation/free-form.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray, LengthAtMost } from './validation/string.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure
// (the pipe sets `stopAtFirstError`), so the type check sits nearest the property.

/** Origins a message may declare (spec 2.6; unknown ones are a 400). */
export const USER_MESSAGE_ORIGINS = [
  'web',
  'project_kickoff',
  'extension',
  'agent_sidekick',
  'analytics_panel',
  'api',
  'cli',
  'cli_programmatic',
  'email',
  'transcript',
  'triggered_programmatic',
  'triggered',
  'wakeup',
  'onboarding_conversation',
  'slack',
  'slack_workflow',
  'teams',
  'zoom',
  'discord',
  'excel',
  'gsheet',
  'powerpoint',
  'make',
  'n8n',
  'zapier',
  'raycast',
  'zendesk',
] as const;

/** An origin a message may declare. */
export type UserMessageOrigin = (typeof USER_MESSAGE_ORIGINS)[number];

// Names already accepted: building a DateTimeFormat costs more than the rest of a message's
// validation, and every message names a zone. Only valid names are kept, so the set stays as small
// as the IANA list whatever clients send.
const KNOWN_TIME_ZONES = new Set<string>();

/** True for an IANA time zone name the runtime knows (`UTC`, `Europe/Paris`, …). */
export function isTimeZone(value: string): boolean {
  if (KNOWN_TIME_ZONES.has(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  KNOWN_TIME_ZONES.add(value);
  return true;
}

const SHORT_TEXT_MAX = 254;
const SHORTER_THAN_255 = { message: 'must be shorter than 255 characters' };
const IDS_MAX = 100;
const ID_LIST = { maxItems: IDS_MAX, itemMinLength: 1, itemMaxLength: 128 } as const;
const ID_ITEMS = { type: 'string', minLength: 1, maxLength: 128 } as const;

/** Context of a message, as both families accept it; `username` is required by the public one only (checked later). */
@BoundedExtraKeys()
export class MessageContextDto {
  @ApiPropertyOptional({ type: String, maxLength: SHORT_TEXT_MAX, description: 'Required on the public family.', example: 'ada' })
  @IsOmittable()
  @LengthAtMost(SHORT_TEXT_MAX, SHORTER_THAN_255)
  @IsString({ message: MESSAGES.string })
  username?: string;

  @NullableText(SHORT_TEXT_MAX, { example: 'Ada Lovelace' }, SHORTER_THAN_255)
  fullName?: string | null;

  @NullableText(SHORT_TEXT_MAX, { example: 'ada@example.com' }, SHORTER_THAN_255)
  email?: string | null;

  @NullableText(2048)
  profilePictureUrl?: string | null;

  @ApiProperty({ type: String, maxLength: SHORT_TEXT_MAX, description: 'An IANA time zone name.', example: 'Europe/Paris' })
  @IsDefined({ message: MESSAGES.required })
  @ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isTimeZone(value),
      defaultMessage: () => 'must be a valid IANA time zone name (for example "UTC" or "Europe/Paris")',
    },
  })
  @LengthAtMost(SHORT_TEXT_MAX, SHORTER_THAN_255)
  @IsString({ message: MESSAGES.string })
  timezone!: string;

  @ApiPropertyOptional({ enum: USER_MESSAGE_ORIGINS, enumName: 'UserMessageOrigin', nullable: true, example: 'api' })
  @IsOptional()
  @IsIn(USER_MESSAGE_ORIGINS, { message: oneOf(USER_MESSAGE_ORIGINS) })
  origin?: UserMessageOrigin | null;

  @ApiPropertyOptional({ type: 'array', items: ID_ITEMS, maxItems: IDS_MAX })
  @IsOmittable()
  @IsStringArray(ID_LIST)
  selectedSpaceIds?: string[];

  @ApiPropertyOptional({ type: 'array', items: ID_ITEMS, maxItems: IDS_MAX, nullable: true })
  @IsOptional()
  @IsStringArray(ID_LIST)
  clientSideMCPServerIds?: string[] | null;

  @ApiPropertyOptional({ type: 'array', items: ID_ITEMS, maxItems: IDS_MAX, nullable: true })
  @IsOptional()
  @IsStringArray(ID_LIST)
  selectedMCPServerViewIds?: string[] | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'Epoch milliseconds.' })
  @IsOptional()
  @IsInt({ message: MESSAGES.integer })
  lastTriggerRunAt?: number | null;

  // Other keys are accepted and kept, as the real service lets clients send more.
  [key: string]: unknown;
}
