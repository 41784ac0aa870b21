import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn } from 'class-validator';
import { CONVERSATION_VISIBILITY_INPUTS, type ConversationVisibilityInput } from './conversation.dto';
import { NonEmptyText, NullableText, OmittableBoolean } from './validation/field.decorator';
import { ObjectRule, sentKeys } from './validation/object-rule.decorator';
import { OnlyKeys } from './validation/only-keys.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** `PATCH` on the public family: mark the conversation read or unread for the caller, and nothing else. */
@OnlyKeys(['read'])
export class PublicConversationPatchDto {
  @ApiProperty({ type: Boolean, example: true })
  @IsDefined({ message: MESSAGES.required })
  @IsBoolean({ message: MESSAGES.boolean })
  read!: boolean;
}

const PRIVATE_PATCH_KEYS = ['title', 'read', 'visibility', 'spaceId'] as const;

/** `PATCH` on the private family: exactly one of `{title}`, `{read}`, `{visibility}`, `{spaceId}` (move into a project). */
@OnlyKeys(PRIVATE_PATCH_KEYS)
@ObjectRule('onePatch', (patch) => (sentKeys(patch).length === 1 ? undefined : 'send exactly one of {title}, {read}, {visibility}, {spaceId}'))
export class PrivateConversationPatchDto {
  @NullableText(512, { example: 'Renamed' })
  title?: string | null;

  @OmittableBoolean()
  read?: boolean;

  @ApiPropertyOptional({ enum: CONVERSATION_VISIBILITY_INPUTS, enumName: 'ConversationVisibilityInput' })
  @IsOmittable()
  @IsIn(CONVERSATION_VISIBILITY_INPUTS, { message: oneOf(CONVERSATION_VISIBILITY_INPUTS) })
  visibility?: ConversationVisibilityInput;

  /** The project space to move the conversation into. */
  @NonEmptyText(128, 'omittable', { example: 'vlt_a1B2c3D4e5' })
  spaceId?: string;
}

/** A validated private `PATCH`, narrowed to the one change it asks for. */
export type PrivateConversationPatch =
  | { readonly title: string | null }
  | { readonly read: boolean }
  | { readonly visibility: ConversationVisibilityInput }
  | { readonly spaceId: string };

/** The one change a validated private `PATCH` asks for. */
export function privatePatchChange(patch: PrivateConversationPatchDto): PrivateConversationPatch {
  if (patch.read !== undefined) return { read: patch.read };
  if (patch.visibility !== undefined) return { visibility: patch.visibility };
  if (patch.spaceId !== undefined) return { spaceId: patch.spaceId };
  return { title: patch.title ?? null };
}
