import type { AgentDailyUsageResponse } from '@app/contracts/http/agent-daily-usage.types';
import type { FileEnvelope } from '@app/contracts/http/file.types';
import type { SearchDataSourceViewsResponse } from '@app/contracts/http/node-search.types';
import type { ListMcpServerViewsResponse } from '@app/contracts/http/remote-mcp-server.types';
import type { ListTablesResponse } from '@app/contracts/http/table.types';
import type { ListSpacesResponse } from '@app/contracts/http/workspace.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';
import type { FileToUpload } from './files';

/**
 * What the agent editor offers an agent and shows about it, on the private family: the spaces,
 * the data source views, tables and MCP server views it may be given, the request to upload a
 * picture (the bytes then go through the files routes), and the agent's use per day.
 */
export class AgentResourcesApi {
  constructor(private readonly client: ApiClient) {}

  spaces(wId: string, options?: RequestOptions): Promise<ListSpacesResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces`, options);
  }

  /** Every data source view the signed-in person can read, in every space. */
  dataSourceViews(wId: string, options?: RequestOptions): Promise<SearchDataSourceViewsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/data_source_views/search`, options);
  }

  tables(wId: string, spaceId: string, dsId: string, options?: RequestOptions): Promise<ListTablesResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces/${spaceId}/data_sources/${dsId}/tables`, options);
  }

  mcpServerViews(wId: string, spaceId: string, options?: RequestOptions): Promise<ListMcpServerViewsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces/${spaceId}/mcp_server_views`, options);
  }

  /** Asks to upload an agent's picture: a file every member may see. */
  requestPictureUpload(wId: string, file: FileToUpload): Promise<FileEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/files`, { ...file, useCase: 'avatar' });
  }

  /** The agent's messages, conversations and members per day over the last `days` days, oldest first. */
  dailyUsage(wId: string, aId: string, days: number, options?: RequestOptions): Promise<AgentDailyUsageResponse> {
    return this.client.get(`${apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}/daily_usage`}?days=${days}`, options);
  }
}

/** The `pictureUrl` of a picture uploaded as a file: its path here, which the api accepts and the page shows with the session. */
export function uploadedPictureUrl(wId: string, fileId: string): string {
  return `${apiPath`/api/w/${wId}/files/${fileId}`}?action=view`;
}
