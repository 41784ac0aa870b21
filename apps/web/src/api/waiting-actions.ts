import type { WaitingActionsResponse } from '@app/contracts/http/waiting-actions.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** The tool calls waiting for the signed-in person across the workspace's conversations. */
export class WaitingActionsApi {
  constructor(private readonly client: ApiClient) {}

  list(wId: string, options?: RequestOptions): Promise<WaitingActionsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/assistant/actions/blocked`, options);
  }
}
