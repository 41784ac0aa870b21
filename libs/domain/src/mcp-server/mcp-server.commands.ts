import type { JsonRpcMessage } from '@app/contracts/events/mcp-server.events';

/** Registers the server under this id unless a live registration holds it (then nothing happens). */
export type RegisterMcpServer = {
  readonly type: 'RegisterMcpServer';
  readonly workspaceId: string;
  readonly userId: string;
  readonly serverId: string;
  readonly serverName: string;
  readonly slug: string;
  readonly ttlMs: number;
  readonly now: number;
};

/** Moves the expiry of a live registration to `now + ttlMs`. */
export type RenewMcpServer = { readonly type: 'RenewMcpServer'; readonly ttlMs: number; readonly now: number };

export type DeregisterMcpServer = { readonly type: 'DeregisterMcpServer'; readonly now: number };

/** Sends a JSON-RPC message to a live server; `requestId` null for a notification. */
export type SendMcpRequest = {
  readonly type: 'SendMcpRequest';
  readonly requestId: string | null;
  readonly message: JsonRpcMessage;
  readonly conversationId: string;
  readonly messageId: string;
  readonly now: number;
};

/** Records the server's response to a pending request. */
export type RecordMcpResult = {
  readonly type: 'RecordMcpResult';
  readonly requestId: string;
  readonly message: JsonRpcMessage;
  readonly now: number;
};

/** Settles a pending request nobody waits for any more. */
export type AbandonMcpRequest = {
  readonly type: 'AbandonMcpRequest';
  readonly requestId: string;
  readonly reason: 'timeout' | 'cancelled';
  readonly now: number;
};

export type McpServerCommand = RegisterMcpServer | RenewMcpServer | DeregisterMcpServer | SendMcpRequest | RecordMcpResult | AbandonMcpRequest;
