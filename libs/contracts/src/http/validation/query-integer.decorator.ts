import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { InOrder } from './in-order.decorator';
import { IsOmittable } from './presence.decorator';
import { coerceNumber } from './query.transforms';
import { MESSAGES } from './validation.messages';

/**
 * An optional integer query parameter within `[min, max]`, read as zod's `z.coerce.number()` reads
 * it (so `abc` is NaN, and a 400).
 */
export function QueryInteger(min: number, max: number, doc: { readonly example?: number; readonly default?: number } = {}): PropertyDecorator {
  return InOrder(
    IsInt({ message: MESSAGES.integer }),
    Min(min, { message: `must be greater than or equal to ${min}` }),
    Max(max, { message: `must be less than or equal to ${max}` }),
    IsOmittable(),
    Transform(coerceNumber),
    ApiPropertyOptional({ type: 'integer', minimum: min, maximum: max, ...doc }),
  );
}
