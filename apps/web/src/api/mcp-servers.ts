import type { ListClientMcpServersResponse } from '@app/contracts/http/client-mcp-servers.types';
import type { ListMcpServerViewsResponse, ListRemoteMcpServersResponse, McpServerViewEnvelope, RemoteMcpServerEnvelope } from '@app/contracts/http/remote-mcp-server.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/**
 * The workspace's MCP servers: remote ones (`/api/w/{wId}/mcp/remote_servers`, admins register, sync
 * and delete them), the views that put them in spaces, and the person's client-side servers connected now.
 */
export class McpServersApi {
  constructor(private readonly client: ApiClient) {}

  /** The remote servers with their tools, and the names of their headers (never the values). */
  listRemote(wId: string, options?: RequestOptions): Promise<ListRemoteMcpServersResponse> {
    return this.client.get(apiPath`/api/w/${wId}/mcp/remote_servers`, options);
  }

  /** Registers a server: the api lists its tools at once, and keeps the header values to itself. */
  registerRemote(wId: string, url: string, headers: Readonly<Record<string, string>>): Promise<RemoteMcpServerEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/mcp/remote_servers`, Object.keys(headers).length > 0 ? { url, headers } : { url });
  }

  /** Lists a server's tools again. */
  syncRemote(wId: string, serverId: string): Promise<RemoteMcpServerEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/mcp/remote_servers/${serverId}/sync`);
  }

  /** Deletes a server and its views. */
  deleteRemote(wId: string, serverId: string): Promise<unknown> {
    return this.client.delete(apiPath`/api/w/${wId}/mcp/remote_servers/${serverId}`);
  }

  views(wId: string, spaceId: string, options?: RequestOptions): Promise<ListMcpServerViewsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces/${spaceId}/mcp_server_views`, options);
  }

  /** Puts a remote server in a space, where agents of the space may be given it. */
  createView(wId: string, spaceId: string, serverId: string): Promise<McpServerViewEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/spaces/${spaceId}/mcp_server_views`, { serverId });
  }

  deleteView(wId: string, spaceId: string, viewId: string): Promise<unknown> {
    return this.client.delete(apiPath`/api/w/${wId}/spaces/${spaceId}/mcp_server_views/${viewId}`);
  }

  /** The person's own client-side servers registered and not lapsed (they renew by heartbeat). */
  clientServers(wId: string, options?: RequestOptions): Promise<ListClientMcpServersResponse> {
    return this.client.get(apiPath`/api/w/${wId}/mcp/client_servers`, options);
  }
}
