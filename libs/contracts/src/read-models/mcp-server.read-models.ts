/**
 * Read model of a registered client-side MCP server (`mcp_servers` collection, id =
 * `<workspaceId>.<userId>.<serverId>`). The document expires with the registration.
 */
export interface McpServerDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly userId: string;
  readonly serverId: string;
  readonly serverName: string;
  /** The slug the id was derived from: registration looks up the ids a name already holds. */
  readonly slug: string;
  readonly registeredAt: number;
  readonly expiresAt: number;
}
