import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsNumber, IsString, Max, Min } from 'class-validator';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { coerceNumber } from './validation/query.transforms';
import { LengthAtMost, IsStringArray } from './validation/string.decorator';
import { MESSAGES } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Most chunks one search may return. */
export const MAX_SEARCH_TOP_K = 1024;
/** Longest query accepted. */
export const MAX_SEARCH_QUERY_LENGTH = 4096;
/** Most values of one tag or parent filter. */
export const MAX_SEARCH_FILTER_VALUES = 256;
/** Largest context budget of `target_document_tokens`. */
export const MAX_TARGET_DOCUMENT_TOKENS = 1_000_000;

/** zod's `z.coerce.boolean()` on a query parameter: any non-empty string (even `"false"`) is true. */
function coerceBoolean({ value }: TransformFnParams): unknown {
  return Boolean(Array.isArray(value) ? String(value) : value);
}

/** A repeated key arrives as an array; a single value is wrapped into one, as the newest server does. */
function wrapSingle({ value }: TransformFnParams): unknown {
  return typeof value === 'string' ? [value] : value;
}

function StringFilter(description: string): PropertyDecorator {
  return InOrder(
    IsStringArray({ maxItems: MAX_SEARCH_FILTER_VALUES, itemMaxLength: 512 }),
    IsOmittable(),
    Transform(wrapSingle),
    ApiPropertyOptional({ type: String, isArray: true, description: `${description} (repeat the key).` }),
  );
}

function EpochFilter(description: string): PropertyDecorator {
  return InOrder(
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: MESSAGES.number }),
    IsOmittable(),
    Transform(coerceNumber),
    ApiPropertyOptional({ type: 'number', description }),
  );
}

/** Query string of the search endpoints (reference §5.1). */
export class SearchQueryDto {
  @ApiProperty({ type: 'string', description: 'The words or question to search for.' })
  @Transform(({ value }: TransformFnParams): unknown => (Array.isArray(value) ? String(value) : value))
  @IsDefined({ message: MESSAGES.required })
  @InOrder(IsString({ message: MESSAGES.string }), LengthAtMost(MAX_SEARCH_QUERY_LENGTH))
  query!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_SEARCH_TOP_K, description: 'Chunks to return at most (required).' })
  @Transform(({ value }: TransformFnParams): unknown => Number(value))
  @InOrder(IsInt({ message: MESSAGES.integer }), Min(0, { message: 'must be greater than or equal to 0' }), Max(MAX_SEARCH_TOP_K, { message: `must be less than or equal to ${MAX_SEARCH_TOP_K}` }))
  top_k!: number;

  @ApiPropertyOptional({ type: 'boolean', description: 'Return each document\'s full text: any non-empty value (even "false") means true.' })
  @Transform(coerceBoolean)
  @IsBoolean()
  full_text: boolean = false;

  @InOrder(
    IsInt({ message: MESSAGES.integer }),
    Min(1, { message: 'must be greater than or equal to 1' }),
    Max(MAX_TARGET_DOCUMENT_TOKENS, { message: `must be less than or equal to ${MAX_TARGET_DOCUMENT_TOKENS}` }),
    IsOmittable(),
    Transform(coerceNumber),
    ApiPropertyOptional({ type: 'integer', description: "Extend each document's chunks with their neighbours up to this many tokens." }),
  )
  target_document_tokens?: number;

  @EpochFilter('Only documents whose timestamp (epoch ms) is after this.')
  timestamp_gt?: number;

  @EpochFilter('Only documents whose timestamp (epoch ms) is before this.')
  timestamp_lt?: number;

  @StringFilter('Only documents carrying one of these tags')
  tags_in?: string[];

  @StringFilter('Only documents carrying none of these tags')
  tags_not?: string[];

  @StringFilter('Only documents with one of these among their parents')
  parents_in?: string[];

  @StringFilter('Only documents with none of these among their parents')
  parents_not?: string[];
}
