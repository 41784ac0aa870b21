import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ConfiguredProvider, WorkspaceStatusResponse } from '../workspace-status.types';
import { ReadinessSchema } from './health.schema';

class ConfiguredProviderSchema implements ConfiguredProvider {
  @ApiProperty({ example: 'openai' }) providerId!: string;
  @ApiProperty({ type: 'integer', description: 'Models of the catalog from this provider.' }) models!: number;
}

class SearchStatusSchema {
  @ApiProperty({ description: 'Whether search ranks by embeddings (hybrid) for this workspace.' }) embeddings!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why search is lexical only; null when it uses embeddings.' }) lexicalOnlyReason!: string | null;
}

class OidcStatusSchema {
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'The issuer URL of the OpenID Connect provider.' }) issuer!: string;
}

class SignInStatusSchema {
  @ApiProperty({ type: 'boolean', enum: [true] }) password!: true;
  @ApiProperty({ type: OidcStatusSchema, nullable: true }) oidc!: OidcStatusSchema | null;
}

@ApiSchema({ name: 'WorkspaceStatus' })
export class WorkspaceStatusSchema implements WorkspaceStatusResponse {
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ example: 'us-central1' }) region!: string;
  @ApiProperty({ type: () => ReadinessSchema }) readiness!: ReadinessSchema;
  @ApiProperty({ type: [ConfiguredProviderSchema] }) providers!: ConfiguredProviderSchema[];
  @ApiProperty({ type: SearchStatusSchema }) search!: SearchStatusSchema;
  @ApiProperty({ type: SignInStatusSchema }) signIn!: SignInStatusSchema;
}
