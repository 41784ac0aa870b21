import type { ApiPropertyOptions } from '@nestjs/swagger';
import type { MessageVisibility } from '../conversation-message.types';

// Property shapes that several schema classes share and that @nestjs/swagger has no shorthand for.

/** A free-form JSON object (metadata, tool params, tool output items). */
export const FREE_FORM: ApiPropertyOptions = { type: 'object', additionalProperties: true };

/** A free-form JSON object or null. */
export const NULLABLE_FREE_FORM: ApiPropertyOptions = { type: 'object', additionalProperties: true, nullable: true };

/** A list of lists of group ids: the caller needs one group of every inner list. */
export const STRING_ARRAYS: ApiPropertyOptions = {
  type: 'array',
  items: { type: 'array', items: { type: 'string' } },
  description: 'Lists of group ids; access needs one group of every list.',
};

/** A time in milliseconds since the epoch. */
export const EPOCH_MS = { type: 'integer', description: 'Milliseconds since the epoch.' } as const satisfies ApiPropertyOptions;

/** Always `null` on this service (kept for the client's schema). */
export const ALWAYS_NULL: ApiPropertyOptions = { type: 'null', description: 'Always null.' };

/** Visibilities of a single message. */
export const MESSAGE_VISIBILITIES: MessageVisibility[] = ['visible', 'deleted'];
