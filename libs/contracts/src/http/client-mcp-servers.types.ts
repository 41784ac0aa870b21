/** A client-side MCP server the caller has registered and kept alive (by heartbeat or use). */
export interface ClientMcpServer {
  readonly serverId: string;
  readonly serverName: string;
  /** ISO 8601. */
  readonly registeredAt: string;
  /** ISO 8601: the registration lapses then unless renewed. */
  readonly expiresAt: string;
}

/** `GET /api/w/{wId}/mcp/client_servers`: the caller's live client-side servers in the workspace, oldest first. */
export interface ListClientMcpServersResponse {
  readonly servers: readonly ClientMcpServer[];
}
