import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsDefined, IsObject, IsString, ValidateNested } from 'class-validator';
import { MentionDto, type MentionInput } from './mention.dto';
import { MessageContextDto } from './message-context.dto';
import { NestedObject, OmittableBoolean } from './validation/field.decorator';
import { BoundedJson, describeBounds } from './validation/free-form.decorator';
import { InOrder } from './validation/in-order.decorator';
import { IsStringArray, LengthAtLeast, LengthAtMost, NotBlank } from './validation/string.decorator';
import { atMostCharacters, itemCount, MESSAGES } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Largest message content accepted (characters). */
export const MAX_MESSAGE_CONTENT_LENGTH = 256 * 1024;
/** Most mentions one message may carry. */
export const MAX_MENTIONS = 20;

/** The text of a message: required, not blank, bounded. */
function IsMessageContent(): PropertyDecorator {
  return InOrder(
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.string }),
    LengthAtLeast(1),
    LengthAtMost(MAX_MESSAGE_CONTENT_LENGTH, { message: atMostCharacters(MAX_MESSAGE_CONTENT_LENGTH) }),
    NotBlank(),
  );
}

/** The mentions of a message: agents to run, users to notify. */
function IsMentionList(): PropertyDecorator {
  return InOrder(
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: MESSAGES.array }),
    ArrayMaxSize(MAX_MENTIONS, { message: itemCount('at most', MAX_MENTIONS) }),
    // Without it an array nested in the list would be validated item by item and pass.
    IsObject({ each: true, message: 'must be an array of objects' }),
    ValidateNested({ each: true }),
    Type(() => MentionDto),
  );
}

const CONTENT = { type: String, minLength: 1, maxLength: MAX_MESSAGE_CONTENT_LENGTH, example: 'Hello @dust' } as const;
const MENTIONS = { type: () => [MentionDto], maxItems: MAX_MENTIONS, example: [{ configurationId: 'dust' }] } as const;

/** A new message, as posted on either family. `modelSelection` is checked by the model policy. */
export class PostMessageDto {
  @ApiProperty(CONTENT)
  @IsMessageContent()
  content!: string;

  @ApiProperty(MENTIONS)
  @IsMentionList()
  mentions!: MentionInput[];

  @NestedObject(() => MessageContextDto, 'required')
  context!: MessageContextDto;

  @ApiPropertyOptional({
    description: `Model override \`{providerId, modelId, reasoningEffort?}\`; checked by the model policy. ${describeBounds()}`,
    type: 'object',
    additionalProperties: true,
  })
  @BoundedJson()
  @Allow()
  modelSelection?: unknown;

  @ApiPropertyOptional({ description: `Accepted and ignored. ${describeBounds()}`, type: 'object', additionalProperties: true })
  @BoundedJson()
  @Allow()
  agenticMessageData?: unknown;

  @OmittableBoolean({ description: 'Answer once the mentioned agents have finished.' })
  blocking?: boolean;

  @OmittableBoolean()
  skipToolsValidation?: boolean;
}

/** A new message, once validated. */
export type PostMessageInput = PostMessageDto;

/**
 * A new version of a user message: the fields of a new message that an edit may change, with the
 * same documentation and checks (picked, the checks stay in the order they run for a new message).
 */
export class EditMessageDto extends PickType(PostMessageDto, ['content', 'mentions', 'skipToolsValidation'] as const) {}

/** Agent messages to stop. */
export class CancelMessagesDto {
  @ApiProperty({ type: 'array', items: { type: 'string', minLength: 1, maxLength: 128 }, minItems: 1, maxItems: 100, example: ['aBcDeFgHiJ'] })
  @IsDefined({ message: MESSAGES.required })
  @IsStringArray({ minItems: 1, maxItems: 100, itemMinLength: 1, itemMaxLength: 128 })
  messageIds!: string[];
}
