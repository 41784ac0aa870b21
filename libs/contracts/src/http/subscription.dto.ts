import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsIn, ValidateBy } from 'class-validator';
import { PUBLIC_EVENT_KINDS, type PublicEventKind } from '../events/subscription.events';
import { NonEmptyText } from './validation/field.decorator';
import { OnlyKeys } from './validation/only-keys.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

/** Spaces and agents a subscription may be limited to, at most this many of each. */
export const MAX_SUBSCRIPTION_FILTER_IDS = 50;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `{spaceIds?, agentIds?}`, each a list of at most MAX_SUBSCRIPTION_FILTER_IDS ids, nothing else. */
function isFilters(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.every(
    ([key, ids]) =>
      (key === 'spaceIds' || key === 'agentIds') &&
      Array.isArray(ids) &&
      ids.length <= MAX_SUBSCRIPTION_FILTER_IDS &&
      ids.every((id) => typeof id === 'string' && ID.test(id)),
  );
}

/** `POST /api/w/{wId}/subscriptions`: an admin subscribes a URL to public event kinds. */
@OnlyKeys(['url', 'events', 'filters'])
export class CreateSubscriptionDto {
  @NonEmptyText(2048, 'required', { example: 'https://hooks.example.com/dust', description: 'Receives a signed POST per event (http or https).' })
  url!: string;

  @ApiProperty({ enum: PUBLIC_EVENT_KINDS, isArray: true, example: ['message.posted', 'agent_message.succeeded'] })
  @IsDefined({ message: MESSAGES.required })
  @IsArray({ message: MESSAGES.array })
  @ArrayNotEmpty({ message: MESSAGES.notEmpty })
  @ArrayMaxSize(PUBLIC_EVENT_KINDS.length, { message: `must hold at most ${PUBLIC_EVENT_KINDS.length} items` })
  @IsIn(PUBLIC_EVENT_KINDS, { each: true, message: `items ${oneOf(PUBLIC_EVENT_KINDS)}` })
  events!: PublicEventKind[];

  @ApiPropertyOptional({
    type: 'object',
    properties: { spaceIds: { type: 'array', items: { type: 'string' } }, agentIds: { type: 'array', items: { type: 'string' } } },
    example: { spaceIds: ['vlt_3kq9Zb1Lm0Xa'] },
    description: 'Only events of these spaces and of these agents (an absent or empty list limits nothing).',
  })
  @IsOmittable()
  @ValidateBy({
    name: 'isSubscriptionFilters',
    validator: { validate: isFilters, defaultMessage: () => `must be {spaceIds?, agentIds?}, each at most ${MAX_SUBSCRIPTION_FILTER_IDS} ids` },
  })
  filters?: { spaceIds?: string[]; agentIds?: string[] };
}

/** An instant in epoch ms (0 or more), or a delivery id (`msg_…`). */
function isReplayStart(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  return typeof value === 'string' && /^msg_\d{1,15}_[A-Za-z0-9_-]{1,64}$/.test(value);
}

/** `POST …/subscriptions/{sId}/replay`: deliver again from an instant or from a delivery. */
@OnlyKeys(['from'])
export class ReplaySubscriptionDto {
  @ApiProperty({
    oneOf: [{ type: 'integer', minimum: 0 }, { type: 'string' }],
    example: 1_767_225_600_000,
    description: 'An instant in epoch ms (every event recorded at or after it is delivered again) or a delivery id (that delivery and every later one).',
  })
  @IsDefined({ message: MESSAGES.required })
  @ValidateBy({ name: 'isReplayStart', validator: { validate: isReplayStart, defaultMessage: () => 'must be an instant in epoch ms or a delivery id (msg_…)' } })
  from!: number | string;
}
