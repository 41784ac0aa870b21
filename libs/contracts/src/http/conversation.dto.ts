import { ApiExtraModels, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, Min, ValidateNested } from 'class-validator';
import { ContentFragmentDto } from './content-fragment.dto';
import { PostMessageDto } from './message.dto';
import { NestedObject, NullableText, OmittableBoolean } from './validation/field.decorator';
import { BoundedJson, describeBounds } from './validation/free-form.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray } from './validation/string.decorator';
import { itemCount, MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Visibilities a request may set (`workspace` is stored as `unlisted`). */
export const CONVERSATION_VISIBILITY_INPUTS = ['unlisted', 'workspace', 'deleted', 'test'] as const;

/** A visibility a request may set. */
export type ConversationVisibilityInput = (typeof CONVERSATION_VISIBILITY_INPUTS)[number];

/** Most content fragments a new conversation may carry. */
export const MAX_CONTENT_FRAGMENTS = 50;

/** Free-form metadata of a conversation; `useDatabaseFileSystem` is the one key the service reads. */
export class ConversationMetadataDto {
  @OmittableBoolean()
  useDatabaseFileSystem?: boolean;

  [key: string]: unknown;
}

/** Conversation creation (spec 4.1, reference 2.1): every field optional; `{}` (or no body) creates an empty one. */
@ApiExtraModels(ContentFragmentDto, PostMessageDto, ConversationMetadataDto)
export class CreateConversationDto {
  @NullableText(512, { example: 'Quarterly review' })
  title?: string | null;

  @ApiPropertyOptional({ enum: CONVERSATION_VISIBILITY_INPUTS, enumName: 'ConversationVisibilityInput', example: 'unlisted' })
  @IsOmittable()
  @IsIn(CONVERSATION_VISIBILITY_INPUTS, { message: oneOf(CONVERSATION_VISIBILITY_INPUTS) })
  visibility?: ConversationVisibilityInput;

  @NullableText(128, { example: 'vlt_aBcDeFgHiJ' })
  spaceId?: string | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Nesting depth of agent-started conversations.' })
  @IsOmittable()
  @Min(0, { message: 'must be greater than or equal to 0' })
  @IsInt({ message: MESSAGES.integer })
  depth?: number;

  @NestedObject(() => PostMessageDto, 'nullable')
  message?: PostMessageDto | null;

  @NestedObject(() => ContentFragmentDto, 'nullable')
  contentFragment?: ContentFragmentDto | null;

  @ApiPropertyOptional({ type: () => [ContentFragmentDto], maxItems: MAX_CONTENT_FRAGMENTS })
  @IsOmittable()
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: 'must be an array of objects' })
  @ArrayMaxSize(MAX_CONTENT_FRAGMENTS, { message: itemCount('at most', MAX_CONTENT_FRAGMENTS) })
  @IsArray({ message: MESSAGES.array })
  @Type(() => ContentFragmentDto)
  contentFragments?: ContentFragmentDto[];

  @BoundedJson()
  @NestedObject(() => ConversationMetadataDto, 'nullable', { description: `Free-form; other keys are kept. ${describeBounds()}` })
  metadata?: ConversationMetadataDto | null;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string', maxLength: 128 }, maxItems: 100 })
  @IsOmittable()
  @IsStringArray({ maxItems: 100, itemMaxLength: 128 })
  selectedSpaceIds?: string[];

  @OmittableBoolean()
  skipToolsValidation?: boolean;

  @OmittableBoolean({ description: 'Answer once the mentioned agents have finished.' })
  blocking?: boolean;
}

/** A conversation creation request, once validated. */
export type CreateConversationInput = CreateConversationDto;
