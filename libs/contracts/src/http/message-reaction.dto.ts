import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { NonEmptyText, NullableText, OmittableBoolean } from './validation/field.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** An emoji reaction added to or removed from a message. */
export class ReactionDto {
  @NonEmptyText(64, 'required', { example: '👍' })
  reaction!: string;
}

/** Directions of a thumbs feedback. */
export const THUMB_DIRECTIONS = ['up', 'down'] as const;

/** Thumbs feedback on an agent message. */
export class FeedbackDto {
  @ApiProperty({ enum: THUMB_DIRECTIONS, enumName: 'ThumbDirection', example: 'up' })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(THUMB_DIRECTIONS, { message: oneOf(THUMB_DIRECTIONS) })
  thumbDirection!: (typeof THUMB_DIRECTIONS)[number];

  @NullableText(10_000, { example: 'great' })
  feedbackContent?: string | null;

  @OmittableBoolean()
  isConversationShared?: boolean;
}
