import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../events/workspace.events';
import type { ApiKeySummary, CreateApiKeyResponse, ListApiKeysResponse } from '../api-key.types';

// Documentation-only classes, tied by `implements` to the wire types they describe.

/** Schema of a live key (never its secret). */
@ApiSchema({ name: 'ApiKey' })
export class ApiKeySchema implements ApiKeySummary {
  @ApiProperty({ type: 'string', example: 'key_3kq9Zb1Lm0Xy' })
  keyId!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'sk-3f9a0c', description: "`sk-` and the secret's first hex digits; null for keys made before prefixes were kept." })
  prefix!: string | null;

  @ApiProperty({ type: 'string', enum: WORKSPACE_ROLES })
  role!: WorkspaceRole;

  @ApiProperty({ type: 'string', nullable: true, description: 'Email of the member the key acts as; null for a key bound to no member.' })
  user!: string | null;

  @ApiProperty({ type: 'string', description: 'ISO 8601.' })
  createdAt!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'ISO 8601, within about a minute; null when not used since usage was recorded.' })
  lastUsedAt!: string | null;
}

/** Schema of `{ keys }`. */
@ApiSchema({ name: 'ListApiKeysResponse' })
export class ListApiKeysResponseSchema implements ListApiKeysResponse {
  @ApiProperty({ type: () => ApiKeySchema, isArray: true, description: 'Oldest first.' })
  keys!: ApiKeySchema[];
}

/** Schema of a key just created, with its secret. */
@ApiSchema({ name: 'CreateApiKeyResponse' })
export class CreateApiKeyResponseSchema implements CreateApiKeyResponse {
  @ApiProperty({ type: () => ApiKeySchema })
  key!: ApiKeySchema;

  @ApiProperty({ type: 'string', example: 'sk-3f9a0c…', description: 'The secret: shown in this answer only (only its SHA-256 is kept).' })
  secret!: string;
}
