import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { NestedObject, NonEmptyText, NullableText } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { OnlyKeys } from './validation/only-keys.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { MESSAGES, itemCount, oneOf } from './validation/validation.messages';

export const TRIGGER_KINDS = ['schedule', 'webhook'] as const;
export const TRIGGER_STATUSES = ['enabled', 'disabled'] as const;
export const SCHEDULE_TYPES = ['cron', 'interval'] as const;
export const HMAC_ALGORITHMS = ['sha1', 'sha256', 'sha512'] as const;
/** Executions per day when a trigger names none (the real product's default). */
export const DEFAULT_EXECUTIONS_PER_DAY = 42;
export const MAX_EXECUTIONS_PER_DAY = 10_000;
export const MAX_TRIGGERS_PER_REQUEST = 20;

/** A whole number from `min` to `max`, that may be left out (`omittable`) or also be null (`nullable`). */
function IntegerBetween(min: number, max: number, presence: 'omittable' | 'nullable', doc: { readonly description?: string } = {}): PropertyDecorator {
  const message = `must be an integer between ${min} and ${max}`;
  return InOrder(
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
    presence === 'omittable' ? IsOmittable() : IsOptional(),
    ApiPropertyOptional({ type: 'integer', minimum: min, maximum: max, ...(presence === 'nullable' ? { nullable: true } : {}), ...doc }),
  );
}

/**
 * The `configuration` of a trigger: for a schedule, `{cron, timezone}` (type `cron`, the default)
 * or `{type: "interval", intervalDays, dayOfWeek, hour, minute, timezone}`; for a webhook,
 * `{includePayload, event?, filter?}`. Which fields a kind needs is checked with the kind.
 */
@OnlyKeys(['type', 'cron', 'timezone', 'intervalDays', 'dayOfWeek', 'hour', 'minute', 'includePayload', 'event', 'filter'])
export class TriggerConfigurationDto {
  @ApiPropertyOptional({ enum: SCHEDULE_TYPES, example: 'cron' })
  @IsIn(SCHEDULE_TYPES, { message: oneOf(SCHEDULE_TYPES) })
  @IsOmittable()
  type?: (typeof SCHEDULE_TYPES)[number];

  @NonEmptyText(128, 'omittable', { example: '0 9 * * 1-5', description: 'Five fields: minute hour day-of-month month day-of-week.' })
  cron?: string;

  @NonEmptyText(64, 'omittable', { example: 'Europe/Paris' })
  timezone?: string;

  @IntegerBetween(1, 366, 'omittable')
  intervalDays?: number;

  @IntegerBetween(0, 6, 'nullable', { description: '0 = Sunday.' })
  dayOfWeek?: number | null;

  @IntegerBetween(0, 23, 'omittable')
  hour?: number;

  @IntegerBetween(0, 59, 'omittable')
  minute?: number;

  @ApiPropertyOptional({ type: Boolean, description: 'Webhooks: attach the payload to the message as a content fragment.' })
  @IsOmittable()
  @IsBoolean({ message: MESSAGES.boolean })
  includePayload?: boolean;

  @NullableText(128, { example: 'push', description: 'Webhooks: only deliveries of this event name (read from the event header).' })
  event?: string | null;

  @NullableText(4096, { example: '{"ref":"refs/heads/main"}', description: 'Webhooks: a JSON object of dotted paths to the values the payload must hold.' })
  filter?: string | null;
}

/** How a webhook trigger checks its deliveries, beyond the secret in its URL. */
@OnlyKeys(['signingSecret', 'signatureHeader', 'signatureAlgorithm', 'eventHeader'])
export class TriggerWebhookSecurityDto {
  @NullableText(512, { description: 'The HMAC key; when set, each delivery must carry a valid signature of its body. Stored encrypted, never returned.' })
  signingSecret?: string | null;

  @NonEmptyText(128, 'omittable', { example: 'x-signature-256', description: 'Header holding the hex HMAC (a `sha256=` style prefix is accepted).' })
  signatureHeader?: string;

  @ApiPropertyOptional({ enum: HMAC_ALGORITHMS, example: 'sha256' })
  @IsIn(HMAC_ALGORITHMS, { message: oneOf(HMAC_ALGORITHMS) })
  @IsOmittable()
  signatureAlgorithm?: (typeof HMAC_ALGORITHMS)[number];

  @NonEmptyText(128, 'omittable', { example: 'x-github-event', description: 'Header naming the event of a delivery.' })
  eventHeader?: string;
}

/** One trigger as an editor writes it (created, or replaced whole on update). */
@OnlyKeys(['name', 'kind', 'customPrompt', 'naturalLanguageDescription', 'configuration', 'status', 'executionPerDayLimitOverride', 'webhook', 'editor', 'webhookSourceViewSId'])
export class TriggerInputDto {
  @NonEmptyText(255, 'required', { example: 'Morning digest' })
  name!: string;

  @ApiProperty({ enum: TRIGGER_KINDS, example: 'schedule' })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(TRIGGER_KINDS, { message: oneOf(TRIGGER_KINDS) })
  kind!: (typeof TRIGGER_KINDS)[number];

  @NullableText(32_000, { example: 'Summarize what changed since yesterday.' })
  customPrompt?: string | null;

  @NullableText(2_000)
  naturalLanguageDescription?: string | null;

  @NestedObject(() => TriggerConfigurationDto, 'required')
  configuration!: TriggerConfigurationDto;

  @ApiPropertyOptional({ enum: TRIGGER_STATUSES, example: 'enabled' })
  @IsIn(TRIGGER_STATUSES, { message: oneOf(TRIGGER_STATUSES) })
  @IsOmittable()
  status?: (typeof TRIGGER_STATUSES)[number];

  @IntegerBetween(1, MAX_EXECUTIONS_PER_DAY, 'nullable', { description: `Firings per UTC day (default ${DEFAULT_EXECUTIONS_PER_DAY}).` })
  executionPerDayLimitOverride?: number | null;

  @NestedObject(() => TriggerWebhookSecurityDto, 'nullable')
  webhook?: TriggerWebhookSecurityDto | null;

  @ApiPropertyOptional({ description: 'Accepted for compatibility and ignored: the editor is the caller.' })
  @IsOptional()
  editor?: unknown;

  @NullableText(64, { description: 'Accepted for compatibility and ignored: a webhook trigger has its own URL here.' })
  webhookSourceViewSId?: string | null;
}

/** `POST …/agent_configurations/{aId}/triggers`: `{triggers: [...]}`, as the real product takes it. */
@OnlyKeys(['triggers'])
export class CreateTriggersDto {
  @ApiProperty({ type: () => [TriggerInputDto], minItems: 1, maxItems: MAX_TRIGGERS_PER_REQUEST })
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: 'must be an array of objects' })
  @ArrayMaxSize(MAX_TRIGGERS_PER_REQUEST, { message: itemCount('at most', MAX_TRIGGERS_PER_REQUEST) })
  @ArrayMinSize(1, { message: itemCount('at least', 1) })
  @IsArray({ message: MESSAGES.array })
  @IsDefined({ message: MESSAGES.required })
  @Type(() => TriggerInputDto)
  triggers!: TriggerInputDto[];
}

/** `POST …/triggers/{tId}/webhook_requests/redrive`: runs stored deliveries again, with a new filter or prompt if given. */
@OnlyKeys(['dryRun', 'filter', 'event', 'customPrompt', 'requestIds'])
export class RedriveWebhookRequestsDto {
  @ApiPropertyOptional({ type: Boolean, default: true, description: 'Report what would match without running anything (the default).' })
  @IsOmittable()
  @IsBoolean({ message: MESSAGES.boolean })
  dryRun?: boolean;

  @NullableText(4096, { description: 'A dry run: the filter to try instead of the trigger\'s. A real re-drive uses the trigger\'s own (update it first).' })
  filter?: string | null;

  @NullableText(128)
  event?: string | null;

  @NullableText(32_000, { description: 'A dry run: the prompt the firings would post.' })
  customPrompt?: string | null;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string' }, maxItems: 100, description: 'Which stored deliveries (default: the 100 latest).' })
  @IsOmittable()
  @IsString({ each: true, message: 'must be an array of strings' })
  @ArrayMaxSize(100, { message: itemCount('at most', 100) })
  @IsArray({ message: MESSAGES.array })
  requestIds?: string[];
}
