import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { FILE_USE_CASES, type FileUseCase } from '../events/file.events';
import { NestedObject, NonEmptyText } from './validation/field.decorator';
import { BoundedExtraKeys } from './validation/free-form.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Where an uploaded file belongs. */
@BoundedExtraKeys()
export class FileUseCaseMetadataDto {
  @NonEmptyText(128, 'omittable', { example: 'dQFf9l5FQY' })
  conversationId?: string;

  /** The project space of a `project_context` file. */
  @NonEmptyText(128, 'omittable', { example: 'vlt_a1B2c3D4e5' })
  spaceId?: string;

  @NonEmptyText(128, 'omittable')
  sourceProvider?: string;

  @NonEmptyText(2048, 'omittable')
  sourceIcon?: string;

  [key: string]: unknown;
}

/** Upload request (reference §6.1): what is about to be uploaded. */
export class FileUploadRequestDto {
  @NonEmptyText(255, 'required', { example: 'text/plain' })
  contentType!: string;

  @NonEmptyText(4096, 'required', { example: 'notes.txt' })
  fileName!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Size in bytes; the upload may not be larger.' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'is too large' })
  @Min(0, { message: 'must be greater than or equal to 0' })
  @IsInt({ message: MESSAGES.integer })
  fileSize!: number;

  @ApiProperty({ enum: FILE_USE_CASES, enumName: 'FileUseCase', example: 'conversation' })
  @IsIn(FILE_USE_CASES, { message: oneOf(FILE_USE_CASES) })
  useCase!: FileUseCase;

  @NestedObject(() => FileUseCaseMetadataDto, 'nullable')
  useCaseMetadata?: FileUseCaseMetadataDto | null;
}

/** Which version of a file to read, and how (reference §6.3); anything else falls back to the defaults. */
export class FileQueryDto {
  @ApiPropertyOptional({ enum: ['view', 'download'], description: '`download` (default) redirects to a signed URL.' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  action?: string;

  @ApiPropertyOptional({ enum: ['original', 'processed'], description: '`original` (default) or the extracted text.' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  version?: string;
}

/** A signed download URL's grant: the version, its expiry (epoch seconds) and the signature. */
export class SignedDownloadQueryDto extends FileQueryDto {
  @ApiPropertyOptional({ type: String, description: 'Epoch seconds after which the URL no longer works.' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  expires?: string;

  @ApiPropertyOptional({ type: String, description: 'HMAC-SHA256 of the grant, base64url.' })
  @IsOmittable()
  @IsString({ message: MESSAGES.string })
  signature?: string;
}
