import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { CreateApiKeyResponse, ListApiKeysResponse } from '@app/contracts/http/api-key.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** The workspace's API keys (`/api/w/{wId}/keys`, admins only). */
export class ApiKeysApi {
  constructor(private readonly client: ApiClient) {}

  /** The live keys, oldest first: prefixes, never secrets. */
  list(wId: string, options?: RequestOptions): Promise<ListApiKeysResponse> {
    return this.client.get(apiPath`/api/w/${wId}/keys`, options);
  }

  /** A key of a role: the answer holds its secret, the only time it is shown. */
  create(wId: string, role: WorkspaceRole): Promise<CreateApiKeyResponse> {
    return this.client.post(apiPath`/api/w/${wId}/keys`, { role });
  }

  /** Revokes a key: refused from the moment this answers. */
  revoke(wId: string, keyId: string): Promise<void> {
    return this.client.delete(apiPath`/api/w/${wId}/keys/${keyId}`);
  }
}
