import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max } from 'class-validator';
import { NonEmptyText } from './validation/field.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { QueryInteger } from './validation/query-integer.decorator';
import { parseDecimalInteger } from './validation/query.transforms';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Most conversations one page may hold. */
export const MAX_CONVERSATION_PAGE_SIZE = 500;

/** Longest text the conversation list searches titles for. */
export const MAX_CONVERSATION_SEARCH_LENGTH = 200;

/** Paging of the conversation list, and a search of its titles. */
export class ListConversationsQueryDto {
  @QueryInteger(1, MAX_CONVERSATION_PAGE_SIZE, { example: 50 })
  limit?: number;

  // Past 2^53 a number no longer names one integer: 9999999999999999 would read as 10^16.
  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { example: 0 })
  offset?: number;

  @NonEmptyText(MAX_CONVERSATION_SEARCH_LENGTH, 'omittable', {
    example: 'quarterly report',
    description: 'Only the conversations whose title holds this text, in any case; the paging counts the matches.',
  })
  search?: string;
}

/** Most message ranks one page of a conversation may hold. */
export const MAX_CONVERSATION_MESSAGE_PAGE_SIZE = 1000;

/**
 * Paging of one conversation's messages (dust-api 2.2): without `limit`, every message; with it, the
 * newest `limit` ranks below `lastValue` (the cursor the previous page answered).
 */
export class GetConversationQueryDto {
  @QueryInteger(1, MAX_CONVERSATION_MESSAGE_PAGE_SIZE, { example: 50 })
  limit?: number;

  @ApiPropertyOptional({ type: 'string', pattern: '^\\d+$', example: '50', description: 'A rank: the `lastValue` of the previous page.' })
  @Transform(parseDecimalInteger)
  @IsOmittable()
  @Max(Number.MAX_SAFE_INTEGER, { message: `must be less than or equal to ${Number.MAX_SAFE_INTEGER}` })
  @IsInt({ message: 'must be a rank (a non-negative integer)' })
  lastValue?: number;

  @InstantProperty()
  at?: number;
}

/** `?at=`: an instant (epoch ms) to read as of; this service's extension. */
function InstantProperty(): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({
      type: 'integer',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      example: 1_700_000_000_000,
      description:
        "This service's extension (time travel): read as it stood at this instant (epoch milliseconds), folded from the event log rather than read from the read model.",
    }),
    Transform(parseDecimalInteger),
    IsOmittable(),
    Max(Number.MAX_SAFE_INTEGER, { message: `must be less than or equal to ${Number.MAX_SAFE_INTEGER}` }),
    IsInt({ message: 'must be an instant in epoch milliseconds (a non-negative integer)' }),
  ];
  return (target, key) => {
    for (const decorate of [...decorators].reverse()) decorate(target, key);
  };
}

/** Reading one message, optionally as of an instant. */
export class MessageAtQueryDto {
  @InstantProperty()
  at?: number;
}
