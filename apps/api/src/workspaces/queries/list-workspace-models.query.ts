import type { ListWorkspaceModelsResponse } from '@app/contracts/http/workspace.types';
import { isModelAuthorized } from '@app/domain/models/model-selection.policy';
import { disabledProviders } from '@app/domain/models/disabled-providers';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';

/** The models a message of this workspace may choose (`modelSelection`): the catalog less what the workspace's policy forbids. */
export class ListWorkspaceModelsQuery extends Query<ListWorkspaceModelsResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(ListWorkspaceModelsQuery)
export class ListWorkspaceModelsHandler implements IQueryHandler<ListWorkspaceModelsQuery> {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  async execute({ auth }: ListWorkspaceModelsQuery): Promise<ListWorkspaceModelsResponse> {
    const policy = { whiteListedProviders: auth.workspace.whiteListedProviders, regionalModelsOnly: auth.workspace.regionalModelsOnly };
    const models = this.config.modelCatalog.filter((model) => isModelAuthorized(model, policy, this.config.region));
    return {
      models: models.map((model) => ({
        providerId: model.providerId,
        modelId: model.modelId,
        displayName: model.displayName,
        contextSize: model.contextSize,
        reasoningEfforts: model.reasoningEfforts,
        defaultReasoningEffort: model.defaultReasoningEffort,
        acceptsImages: model.acceptsImages ?? false,
      })),
      disabledProviders: disabledProviders(this.config.modelCatalog, policy, this.config.region),
    };
  }
}
