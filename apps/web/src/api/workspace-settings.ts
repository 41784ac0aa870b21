import type { ConsumptionGroupBy, WorkspaceConsumptionResponse } from '@app/contracts/http/consumption.types';
import type { VerifiedDomainsResponse } from '@app/contracts/http/member.types';
import type { WorkspaceStatusResponse } from '@app/contracts/http/workspace-status.types';
import type { GetWorkspaceResponse } from '@app/contracts/http/workspace.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** The settings an admin changes in one update: a group of keys the api accepts alone. */
export type WorkspaceSettingsUpdate =
  | { readonly whiteListedProviders: readonly string[] | null; readonly defaultEmbeddingProvider?: string | null }
  | { readonly regionalModelsOnly: boolean }
  | { readonly ssoEnforced: boolean };

/** The workspace's own settings (`/api/w/{wId}`), its verified domains and the service's status, for admins. */
export class WorkspaceSettingsApi {
  constructor(private readonly client: ApiClient) {}

  get(wId: string, options?: RequestOptions): Promise<GetWorkspaceResponse> {
    return this.client.get(apiPath`/api/w/${wId}`, options);
  }

  update(wId: string, update: WorkspaceSettingsUpdate): Promise<GetWorkspaceResponse> {
    return this.client.post(apiPath`/api/w/${wId}`, update);
  }

  /** Version, readiness, configured providers, search embeddings and sign-in: the facts of /readyz and /metrics. */
  status(wId: string, options?: RequestOptions): Promise<WorkspaceStatusResponse> {
    return this.client.get(apiPath`/api/w/${wId}/status`, options);
  }

  /** The cost ledger's roll-up (`from`, `to`: epoch ms). */
  consumption(wId: string, query: { readonly groupBy: ConsumptionGroupBy; readonly from?: number }, options?: RequestOptions): Promise<WorkspaceConsumptionResponse> {
    const from = query.from === undefined ? '' : `&from=${query.from}`;
    return this.client.get(`${apiPath`/api/w/${wId}/consumption`}?groupBy=${query.groupBy}${from}`, options);
  }

  verifiedDomains(wId: string, options?: RequestOptions): Promise<VerifiedDomainsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/verified_domains`, options);
  }

  verifyDomain(wId: string, domain: string): Promise<VerifiedDomainsResponse> {
    return this.client.post(apiPath`/api/w/${wId}/verified_domains`, { domain });
  }

  removeDomain(wId: string, domain: string): Promise<VerifiedDomainsResponse> {
    return this.client.delete(apiPath`/api/w/${wId}/verified_domains/${domain}`);
  }
}
