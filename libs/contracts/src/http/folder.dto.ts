import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, ValidateBy } from 'class-validator';
import { MAX_DOCUMENT_ID_LENGTH, MAX_DOCUMENT_TITLE_LENGTH } from './document.dto';
import { NullableText } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { ObjectRule } from './validation/object-rule.decorator';
import { IsStringArray, LengthAtMost } from './validation/string.decorator';
import { OptionalWebUrl } from './validation/web-url.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

/** Longest folder id accepted (path parameter), as for documents. */
export const MAX_FOLDER_ID_LENGTH = MAX_DOCUMENT_ID_LENGTH;
/** Most ancestors a folder may name, as for documents. */
export const MAX_FOLDER_PARENTS = 64;

const PROVIDER_VISIBILITIES = ['public', 'private'] as const;

/**
 * `POST …/data_sources/{dsId}/folders/{folderId}` (the client's `UpsertDataSourceFolderRequestSchema`):
 * parents, when given, start with the folder id, and `parents[1]` is `parent_id`.
 */
@ObjectRule('folderParents', (body) => {
  const parents = body.parents as string[] | null | undefined;
  const parentId = (body.parent_id as string | null | undefined) ?? null;
  if (parents === undefined || parents === null) return undefined;
  if (parents.length === 0) return 'parents must have at least one element';
  if ((parents.length >= 2 || parentId !== null) && parents[1] !== parentId) return 'parents[1] and parent_id should be equal';
  return undefined;
})
export class UpsertFolderDto {
  @ApiProperty({ type: Number, description: 'Milliseconds since the epoch.' })
  @IsDefined({ message: MESSAGES.required })
  @ValidateBy({
    name: 'timestamp',
    validator: {
      validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 8.64e15,
      defaultMessage: () => 'must be a number of milliseconds since the epoch',
    },
  })
  timestamp!: number;

  @InOrder(
    IsString({ message: MESSAGES.string }),
    LengthAtMost(MAX_DOCUMENT_TITLE_LENGTH),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: String, maxLength: MAX_DOCUMENT_TITLE_LENGTH, description: 'A blank title becomes "Untitled Folder".' }),
  )
  title!: string;

  @NullableText(MAX_FOLDER_ID_LENGTH)
  parent_id?: string | null;

  @InOrder(
    IsStringArray({ maxItems: MAX_FOLDER_PARENTS, itemMinLength: 1, itemMaxLength: MAX_FOLDER_ID_LENGTH }),
    IsOptional(),
    ApiPropertyOptional({ type: String, isArray: true, nullable: true, description: 'The folder id, then its ancestors nearest first (defaults to [folderId]).' }),
  )
  parents?: string[] | null;

  @InOrder(
    IsString({ message: MESSAGES.string }),
    LengthAtMost(255),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: String, maxLength: 255, example: 'application/vnd.dust.folder' }),
  )
  mime_type!: string;

  @OptionalWebUrl()
  source_url?: string | null;

  @InOrder(
    IsIn(PROVIDER_VISIBILITIES, { message: oneOf(PROVIDER_VISIBILITIES) }),
    IsOptional(),
    ApiPropertyOptional({ enum: PROVIDER_VISIBILITIES, nullable: true }),
  )
  provider_visibility?: 'public' | 'private' | null;
}
