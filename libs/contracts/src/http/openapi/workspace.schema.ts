import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { GetWorkspaceResponse, ListSpacesResponse, SpaceResponse, WorkspaceResponse } from '../workspace.types';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

/** Schema of the workspace as the private API returns it. */
@ApiSchema({ name: 'Workspace' })
export class WorkspaceSchema implements WorkspaceResponse {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', enum: ['admin', 'builder', 'user', 'none'], description: "The caller's role." })
  role!: WorkspaceResponse['role'];

  @ApiProperty({ type: 'boolean' })
  regionalModelsOnly!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  segmentation!: string | null;

  @ApiProperty({ type: 'string', isArray: true, nullable: true, description: 'Model providers allowed; null allows all.' })
  whiteListedProviders!: string[] | null;

  @ApiProperty({ type: 'string', nullable: true })
  defaultEmbeddingProvider!: string | null;

  @ApiProperty({ type: 'boolean' })
  ssoEnforced!: boolean;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  metadata!: Record<string, unknown> | null;
}

/** Schema of a space of the workspace. */
@ApiSchema({ name: 'Space' })
export class SpaceSchema implements SpaceResponse {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', example: 'global' })
  kind!: string;

  @ApiProperty({ type: 'boolean' })
  isRestricted!: boolean;

  @ApiProperty({ type: 'string', isArray: true })
  groupIds!: string[];

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  createdAt!: number;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  updatedAt!: number;
}

/** Schema of `{ workspace }`. */
@ApiSchema({ name: 'GetWorkspaceResponse' })
export class GetWorkspaceResponseSchema implements GetWorkspaceResponse {
  @ApiProperty({ type: () => WorkspaceSchema })
  workspace!: WorkspaceSchema;
}

/** Schema of `{ spaces }`. */
@ApiSchema({ name: 'ListSpacesResponse' })
export class ListSpacesResponseSchema implements ListSpacesResponse {
  @ApiProperty({ type: () => SpaceSchema, isArray: true })
  spaces!: SpaceSchema[];
}
