import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { FileEnvelope, FileResponse } from '../file.types';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of where a file belongs. */
@ApiSchema({ name: 'FileUseCaseMetadata' })
export class FileUseCaseMetadataSchema {
  @ApiPropertyOptional({ type: 'string' })
  conversationId?: string;

  @ApiPropertyOptional({ type: 'string' })
  sourceProvider?: string;

  @ApiPropertyOptional({ type: 'string' })
  sourceIcon?: string;
}

/** Schema of a file. */
@ApiSchema({ name: 'File' })
export class FileSchema implements FileResponse {
  @ApiProperty({ type: 'string', description: 'Same as sId.', example: 'fil_aBcDeFgHiJkL' })
  id!: string;

  @ApiProperty({ type: 'string', example: 'fil_aBcDeFgHiJkL' })
  sId!: string;

  @ApiProperty({ type: 'string', example: 'text/plain' })
  contentType!: string;

  @ApiProperty({ type: 'string', example: 'notes.txt' })
  fileName!: string;

  @ApiProperty({ type: 'integer', description: 'Bytes: as declared until the upload, then as received.' })
  fileSize!: number;

  @ApiProperty({ type: 'string', enum: ['created', 'failed', 'ready'] })
  status!: 'created' | 'failed' | 'ready';

  @ApiProperty({ type: 'string', example: 'conversation' })
  useCase!: string;

  @ApiProperty({ type: () => FileUseCaseMetadataSchema, nullable: true })
  useCaseMetadata!: FileUseCaseMetadataSchema | null;

  @ApiPropertyOptional({ type: 'string', description: 'Where to POST the content (multipart, one part named `file`).' })
  uploadUrl?: string;

  @ApiPropertyOptional({ type: 'string', description: 'Private-family address of the file, once ready.' })
  downloadUrl?: string;

  @ApiPropertyOptional({ type: 'string', description: 'Why processing failed.' })
  failureReason?: string;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  createdAt!: number;
}

/** Schema of `{ file }`. */
@ApiSchema({ name: 'FileEnvelope' })
export class FileEnvelopeSchema implements FileEnvelope {
  @ApiProperty({ type: () => FileSchema })
  file!: FileSchema;
}
