import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, ValidateBy } from 'class-validator';
import { NestedObject, NonEmptyText, NullableText } from './validation/field.decorator';
import { BoundedExtraKeys } from './validation/free-form.decorator';
import { ObjectRule } from './validation/object-rule.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { MESSAGES } from './validation/validation.messages';
import { utf8ByteLength } from './validation/utf8-length';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Largest inline content fragment accepted (bytes), as the newer real service. */
export const MAX_INLINE_FRAGMENT_BYTES = 512 * 1024;

const SHORT_TEXT_MAX = 254;

/** Who a fragment comes from; missing fields fall back to the message's sender. */
@BoundedExtraKeys()
export class ContentFragmentContextDto {
  @NullableText(SHORT_TEXT_MAX)
  username?: string | null;

  @NullableText(SHORT_TEXT_MAX)
  fullName?: string | null;

  @NullableText(SHORT_TEXT_MAX)
  email?: string | null;

  @NullableText(2048)
  profilePictureUrl?: string | null;

  [key: string]: unknown;
}

/** Which of the three kinds a fragment is, and whether its kind is complete. */
function fragmentKindProblem(fragment: Readonly<Record<string, unknown>>): string | undefined {
  const inline = fragment.content !== undefined || fragment.contentType !== undefined;
  const kinds = [inline, fragment.fileId !== undefined, fragment.nodeId !== undefined].filter(Boolean).length;
  if (kinds !== 1) return 'give exactly one of {content, contentType}, {fileId}, {nodeId, nodeDataSourceViewId}';
  if (inline && (fragment.content === undefined || fragment.contentType === undefined)) return 'inline fragments need both content and contentType';
  if (fragment.nodeId !== undefined && fragment.nodeDataSourceViewId === undefined) return 'nodeDataSourceViewId is required with nodeId';
  return undefined;
}

/** An inline, file or content-node fragment: exactly one of `{content, contentType}`, `{fileId}`, `{nodeId, nodeDataSourceViewId}`. */
@ObjectRule('contentFragmentKind', fragmentKindProblem)
@BoundedExtraKeys()
export class ContentFragmentDto {
  @NonEmptyText(512, 'required', { example: 'notes.txt' })
  title!: string;

  @ApiPropertyOptional({ type: String, description: `Inline text, 1 byte to ${MAX_INLINE_FRAGMENT_BYTES / 1024} KiB of UTF-8.`, example: 'some notes' })
  @IsOmittable()
  @ValidateBy({
    name: 'utf8Size',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length > 0 && utf8ByteLength(value) <= MAX_INLINE_FRAGMENT_BYTES,
      defaultMessage: () => `must be between 1 byte and ${MAX_INLINE_FRAGMENT_BYTES / 1024} KiB`,
    },
  })
  @IsString({ message: MESSAGES.string })
  content?: string;

  @NonEmptyText(255, 'omittable', { example: 'text/plain' })
  contentType?: string;

  @NullableText(2048)
  url?: string | null;

  @NonEmptyText(128, 'omittable', { example: 'fil_aBcDeFgHiJ' })
  fileId?: string;

  @NonEmptyText(512, 'omittable')
  nodeId?: string;

  @NonEmptyText(128, 'omittable', { example: 'dsv_aBcDeFgHiJ' })
  nodeDataSourceViewId?: string;

  @NullableText(128)
  supersededContentFragmentId?: string | null;

  @NestedObject(() => ContentFragmentContextDto, 'nullable')
  context?: ContentFragmentContextDto | null;

  [key: string]: unknown;
}

/** A fragment, once validated. */
export type ContentFragmentInput = ContentFragmentDto;
