import type { RemoteMcpTool } from '../events/remote-mcp-server.events';

/**
 * Read model of a remote MCP server (`remote_mcp_servers` collection, id = server sId). Header
 * names only: the sealed values stay in the event log.
 */
export interface RemoteMcpServerDocument {
  [key: string]: unknown;
  /** Global position of the event that registered it. */
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly url: string;
  readonly name: string;
  readonly version: string;
  readonly description: string | null;
  readonly headerNames: string[];
  readonly tools: RemoteMcpTool[];
  readonly createdBy: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When its tools were last listed. */
  readonly syncedAt: number;
}

/** Read model of an MCP server view (`mcp_server_views` collection, id = view sId). */
export interface McpServerViewDocument {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly serverId: string;
  readonly createdBy: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}
