import type { ConfiguredProvider, WorkspaceStatusResponse } from '@app/contracts/http/workspace-status.types';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { serviceVersion } from '../../common/service-version';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { EmbedderRegistry } from '../../search/embeddings/embedder-registry';
import { ReadinessCheck } from '../readiness-check';

/** The facts of the admins' status page: readiness as `/readyz` has it, and what the deployment is configured with. */
export class GetWorkspaceStatusQuery extends Query<WorkspaceStatusResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(GetWorkspaceStatusQuery)
export class GetWorkspaceStatusHandler implements IQueryHandler<GetWorkspaceStatusQuery> {
  private readonly version = serviceVersion();

  constructor(
    private readonly readiness: ReadinessCheck,
    private readonly embedders: EmbedderRegistry,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth }: GetWorkspaceStatusQuery): Promise<WorkspaceStatusResponse> {
    requireAdmin(auth);
    const embedding = this.embedders.resolve(auth.workspace.defaultEmbeddingProvider);
    const { oidc } = this.config.people;
    return {
      version: this.version,
      region: this.config.region,
      readiness: await this.readiness.check(),
      providers: configuredProviders(this.config),
      search: { embeddings: embedding.embedder !== null, lexicalOnlyReason: embedding.lexicalOnlyReason },
      signIn: { password: true, oidc: oidc ? { label: oidc.label, issuer: oidc.issuerUrl } : null },
    };
  }
}

/** The providers of the model catalog (built from the providers given credentials), with their model counts. */
function configuredProviders(config: ApiConfig): ConfiguredProvider[] {
  const counts = new Map<string, number>();
  for (const model of config.modelCatalog) counts.set(model.providerId, (counts.get(model.providerId) ?? 0) + 1);
  return [...counts].map(([providerId, models]) => ({ providerId, models }));
}
