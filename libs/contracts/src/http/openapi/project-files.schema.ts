import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type * as Wire from '../project-files.types';

/** What a folder and a file of a project's mount both show. */
abstract class ProjectMountEntrySchema {
  @ApiProperty({ type: 'string' })
  fileName!: string;

  @ApiProperty({ type: 'string', description: "Path in the project's mount, from its root" })
  path!: string;

  @ApiProperty({ type: 'integer', description: 'Bytes (of the files below it, for a folder)' })
  sizeBytes!: number;

  @ApiProperty({ type: 'integer', description: 'Latest change (of a file below it, for a folder), epoch ms' })
  lastModifiedMs!: number;
}

/** Schema of a folder of a project's files. */
@ApiSchema({ name: 'ProjectDirectoryEntry' })
export class ProjectDirectoryEntrySchema extends ProjectMountEntrySchema implements Wire.ProjectDirectoryEntry {
  @ApiProperty({ type: 'boolean', enum: [true] })
  isDirectory!: true;
}

/** Schema of a file of a project. */
@ApiSchema({ name: 'ProjectFileEntry' })
export class ProjectFileEntrySchema extends ProjectMountEntrySchema implements Wire.ProjectFileEntry {
  @ApiProperty({ type: 'boolean', enum: [false] })
  isDirectory!: false;

  @ApiProperty({ type: 'string' })
  contentType!: string;

  @ApiProperty({ type: 'string', nullable: true })
  fileId!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'Always null: this service makes no thumbnails' })
  thumbnailUrl!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: "The file's download URL (it needs the caller's credentials)" })
  signedDownloadUrl!: string | null;
}

/** Schema of a project's files. */
@ApiSchema({ name: 'GetProjectFilesResponse' })
@ApiExtraModels(ProjectDirectoryEntrySchema, ProjectFileEntrySchema)
export class GetProjectFilesResponseSchema implements Wire.GetProjectFilesResponse {
  @ApiProperty({ type: 'array', items: { oneOf: [{ $ref: getSchemaPath(ProjectDirectoryEntrySchema) }, { $ref: getSchemaPath(ProjectFileEntrySchema) }] } })
  files!: (ProjectDirectoryEntrySchema | ProjectFileEntrySchema)[];
}
