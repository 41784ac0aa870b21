import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type * as Wire from '../folder.types';
import { DataSourceSchema } from './data-source.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of a folder of a data source. */
@ApiSchema({ name: 'CoreApiFolder' })
export class CoreApiFolderSchema implements Wire.CoreApiFolderResponse {
  @ApiProperty({ type: 'string', example: 'dts_aBcDeFgHiJkL' })
  data_source_id!: string;

  @ApiProperty({ type: 'string' })
  folder_id!: string;

  @ApiProperty({ type: 'string' })
  title!: string;

  @ApiProperty({ type: 'string', nullable: true })
  parent_id!: string | null;

  @ApiProperty({ type: 'string', isArray: true, description: 'The folder id, then its ancestors nearest first.' })
  parents!: string[];

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  timestamp!: number;

  @ApiProperty({ type: 'string' })
  mime_type!: string;

  @ApiProperty({ type: 'string', nullable: true })
  source_url!: string | null;

  @ApiProperty({ type: 'string', nullable: true, example: 'private' })
  provider_visibility!: string | null;
}

/** Schema of `{ folder, data_source }`. */
@ApiSchema({ name: 'UpsertFolderResponse' })
export class UpsertFolderResponseSchema implements Wire.UpsertFolderResponse {
  @ApiProperty({ type: () => CoreApiFolderSchema })
  folder!: CoreApiFolderSchema;

  @ApiProperty({ type: () => DataSourceSchema })
  data_source!: DataSourceSchema;
}

/** Schema of `{ folder_id }`. */
@ApiSchema({ name: 'FolderId' })
export class FolderIdSchema {
  @ApiProperty({ type: 'string' })
  folder_id!: string;
}

/** Schema of `{ folder: { folder_id } }`. */
@ApiSchema({ name: 'DeleteFolderResponse' })
export class DeleteFolderResponseSchema implements Wire.DeleteFolderResponse {
  @ApiProperty({ type: () => FolderIdSchema })
  folder!: FolderIdSchema;
}
