/**
 * Events of a workspace's remote MCP catalog (stream `remote_mcp_servers-<workspace sId>`): the
 * remote servers admins registered, the tools last listed from each, and the views that put a
 * server in a space. Header values are recorded only sealed (`SealedSecret`), never in clear.
 */

import { streamNameOf } from './stream-name';

/** Stream of one workspace's remote MCP catalog. */
export function toRemoteMcpCatalogStreamName(workspaceId: string): string {
  return streamNameOf('remote_mcp_servers', workspaceId);
}

/** A header value sealed with the deployment's secrets key: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export type SealedSecret = string;

/** One header sent to the server on every request; the value is sealed. */
export type RemoteMcpHeader = { readonly name: string; readonly sealedValue: SealedSecret };

/** A tool as the server listed it. */
export type RemoteMcpTool = {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly [key: string]: unknown };
  /** MCP's `readOnlyHint` annotation. */
  readonly readOnly: boolean;
};

/** What the server says about itself in its `initialize` answer. */
export type RemoteMcpServerInfo = { readonly name: string; readonly version: string; readonly description: string | null };

export type RemoteMcpServerRegistered = {
  readonly type: 'RemoteMcpServerRegistered';
  readonly data: {
    readonly workspaceId: string;
    readonly serverId: string;
    readonly url: string;
    readonly headers: readonly RemoteMcpHeader[];
    readonly info: RemoteMcpServerInfo;
    readonly tools: readonly RemoteMcpTool[];
    readonly createdBy: string | null;
    readonly at: number;
  };
};

/** The server's tools were listed again (on demand, or because the last listing was stale). */
export type RemoteMcpServerToolsSynced = {
  readonly type: 'RemoteMcpServerToolsSynced';
  readonly data: {
    readonly workspaceId: string;
    readonly serverId: string;
    readonly info: RemoteMcpServerInfo;
    readonly tools: readonly RemoteMcpTool[];
    readonly at: number;
  };
};

/** The server and every view of it are gone. */
export type RemoteMcpServerDeleted = {
  readonly type: 'RemoteMcpServerDeleted';
  readonly data: { readonly workspaceId: string; readonly serverId: string; readonly viewIds: readonly string[]; readonly at: number };
};

/** A view put the server in a space: agents and conversations of that space may use its tools. */
export type McpServerViewCreated = {
  readonly type: 'McpServerViewCreated';
  readonly data: {
    readonly workspaceId: string;
    readonly viewId: string;
    readonly serverId: string;
    readonly spaceId: string;
    readonly createdBy: string | null;
    readonly at: number;
  };
};

export type McpServerViewDeleted = {
  readonly type: 'McpServerViewDeleted';
  readonly data: { readonly workspaceId: string; readonly viewId: string; readonly serverId: string; readonly spaceId: string; readonly at: number };
};

export type RemoteMcpCatalogEvent =
  | RemoteMcpServerRegistered
  | RemoteMcpServerToolsSynced
  | RemoteMcpServerDeleted
  | McpServerViewCreated
  | McpServerViewDeleted;

export const REMOTE_MCP_CATALOG_EVENT_TYPES = [
  'RemoteMcpServerRegistered',
  'RemoteMcpServerToolsSynced',
  'RemoteMcpServerDeleted',
  'McpServerViewCreated',
  'McpServerViewDeleted',
] as const satisfies readonly RemoteMcpCatalogEvent['type'][];

/** Narrows a stored event to a remote MCP catalog event by its type. */
export function isRemoteMcpCatalogEvent(event: { readonly type: string; readonly data: unknown }): event is RemoteMcpCatalogEvent {
  return (REMOTE_MCP_CATALOG_EVENT_TYPES as readonly string[]).includes(event.type);
}
