import type { RemoteMcpHeader, RemoteMcpServerInfo, RemoteMcpTool } from '@app/contracts/events/remote-mcp-server.events';

/** Registers a remote server whose tools were just listed (header values already sealed). */
export type RegisterRemoteMcpServer = {
  readonly type: 'RegisterRemoteMcpServer';
  readonly serverId: string;
  readonly url: string;
  readonly headers: readonly RemoteMcpHeader[];
  readonly info: RemoteMcpServerInfo;
  readonly tools: readonly RemoteMcpTool[];
  readonly createdBy: string | null;
  readonly now: number;
};

/** Records a fresh listing of the server's tools. */
export type SyncRemoteMcpServerTools = {
  readonly type: 'SyncRemoteMcpServerTools';
  readonly serverId: string;
  readonly info: RemoteMcpServerInfo;
  readonly tools: readonly RemoteMcpTool[];
  readonly now: number;
};

export type DeleteRemoteMcpServer = { readonly type: 'DeleteRemoteMcpServer'; readonly serverId: string; readonly now: number };

/** Puts a server in a space (one view per server and space). */
export type CreateMcpServerView = {
  readonly type: 'CreateMcpServerView';
  readonly viewId: string;
  readonly serverId: string;
  readonly spaceId: string;
  readonly createdBy: string | null;
  readonly now: number;
};

export type DeleteMcpServerView = { readonly type: 'DeleteMcpServerView'; readonly viewId: string; readonly spaceId: string; readonly now: number };

export type RemoteMcpCatalogCommand =
  | RegisterRemoteMcpServer
  | SyncRemoteMcpServerTools
  | DeleteRemoteMcpServer
  | CreateMcpServerView
  | DeleteMcpServerView;
