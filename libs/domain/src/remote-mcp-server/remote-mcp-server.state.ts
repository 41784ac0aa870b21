import type { RemoteMcpHeader, RemoteMcpServerInfo, RemoteMcpTool } from '@app/contracts/events/remote-mcp-server.events';

/** One live remote server: what its commands check and what a connection to it needs. */
export interface RemoteMcpServerEntry {
  readonly url: string;
  readonly headers: readonly RemoteMcpHeader[];
  readonly info: RemoteMcpServerInfo;
  readonly tools: readonly RemoteMcpTool[];
  readonly syncedAt: number;
}

/** A workspace's live remote servers and views. */
export interface RemoteMcpCatalogState {
  readonly servers: ReadonlyMap<string, RemoteMcpServerEntry>;
  readonly views: ReadonlyMap<string, { readonly serverId: string; readonly spaceId: string }>;
}
