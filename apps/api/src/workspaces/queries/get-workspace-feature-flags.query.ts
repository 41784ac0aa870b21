import type { GetWorkspaceFeatureFlagsResponse } from '@app/contracts/http/workspace.types';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';

/** The feature flags turned on for the caller's workspace: this deployment's, the same for each of its workspaces. */
export class GetWorkspaceFeatureFlagsQuery extends Query<GetWorkspaceFeatureFlagsResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(GetWorkspaceFeatureFlagsQuery)
export class GetWorkspaceFeatureFlagsHandler implements IQueryHandler<GetWorkspaceFeatureFlagsQuery> {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  async execute(): Promise<GetWorkspaceFeatureFlagsResponse> {
    return { feature_flags: this.config.featureFlags };
  }
}
