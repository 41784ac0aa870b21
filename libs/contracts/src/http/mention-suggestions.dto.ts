import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsString } from 'class-validator';
import { MAX_MESSAGE_CONTENT_LENGTH } from './message.dto';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { LengthAtMost } from './validation/string.decorator';
import { parseQueryFlag } from './validation/query.transforms';
import { atMostCharacters, MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Longest text a suggestion query may search for: a name, not a message. */
export const MENTION_QUERY_MAX_LENGTH = 256;

/** Kinds of mentions a suggestion may be asked for. */
export const MENTION_SELECTIONS = ['agents', 'users'] as const;
export type MentionSelection = (typeof MENTION_SELECTIONS)[number];

/** `select=agents` and `select=agents&select=users` both read as a list. */
function asList({ value }: TransformFnParams): unknown {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

/** Query of the mention suggestions: `query` (may be empty), `select` (repeatable), `current`. */
export class MentionSuggestionsQueryDto {
  @ApiProperty({ type: String, maxLength: MENTION_QUERY_MAX_LENGTH, description: 'Text the names are matched against (empty: everyone).', example: 'hel' })
  @IsDefined({ message: MESSAGES.required })
  @LengthAtMost(MENTION_QUERY_MAX_LENGTH)
  @IsString({ message: MESSAGES.string })
  query!: string;

  @ApiPropertyOptional({ enum: MENTION_SELECTIONS, isArray: true, description: 'Kinds to suggest (repeatable); both when left out.' })
  @IsIn(MENTION_SELECTIONS, { each: true, message: oneOf(MENTION_SELECTIONS) })
  @ArrayMaxSize(MENTION_SELECTIONS.length, { message: `must list at most ${MENTION_SELECTIONS.length} values` })
  @IsArray({ message: MESSAGES.array })
  @IsOmittable()
  @Transform(asList)
  select?: MentionSelection[];

  @InOrder(IsBoolean({ message: 'must be "true" or "false"' }), Transform(parseQueryFlag))
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Whether the caller may be suggested.' })
  current = false;
}

/** Body of `POST …/mentions/parse`. */
export class ParseMentionsDto {
  @ApiProperty({ type: String, maxLength: MAX_MESSAGE_CONTENT_LENGTH, example: 'Hello @helper, can you help?' })
  @IsDefined({ message: MESSAGES.required })
  @LengthAtMost(MAX_MESSAGE_CONTENT_LENGTH, { message: atMostCharacters(MAX_MESSAGE_CONTENT_LENGTH) })
  @IsString({ message: MESSAGES.string })
  markdown!: string;
}
