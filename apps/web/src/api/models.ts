import type { ListWorkspaceModelsResponse } from '@app/contracts/http/workspace.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** The models a message of the workspace may choose (`GET /api/w/{wId}/models`). */
export class ModelsApi {
  constructor(private readonly client: ApiClient) {}

  list(wId: string, options?: RequestOptions): Promise<ListWorkspaceModelsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/models`, options);
  }
}
