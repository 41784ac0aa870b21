/**
 * Events of a client-side MCP server's stream (`mcpServer-<workspaceId>.<userId>.<serverId>`): its
 * registration with its expiry, and every JSON-RPC message exchanged with it. The requests SSE
 * endpoint is a subscription to this stream; a run waiting for a result follows it too.
 */

import { streamNameOf } from './stream-name';

/**
 * Key of one user's server in a workspace. Server ids are per user (two members may both run
 * `mcp-client-side:ide`), so the key carries all three; sIds are base62, so `.` separates them.
 */
export function mcpServerKey(workspaceId: string, userId: string, serverId: string): string {
  return `${workspaceId}.${userId}.${serverId}`;
}

/** Stream of one client-side server: its registration and every message exchanged with it. */
export function toMcpServerStreamName(key: string): string {
  return streamNameOf('mcpServer', key);
}

/** A JSON-RPC 2.0 message as sent or received, kept verbatim. */
export type JsonRpcMessage = { readonly [key: string]: unknown };

type ServerRef = {
  readonly workspaceId: string;
  readonly userId: string;
  readonly serverId: string;
};

export type McpServerRegistered = {
  readonly type: 'McpServerRegistered';
  readonly data: ServerRef & { readonly serverName: string; readonly slug: string; readonly at: number; readonly expiresAt: number };
};

/** A heartbeat, or any access by the server's owner, moved the expiry forward. */
export type McpServerRenewed = {
  readonly type: 'McpServerRenewed';
  readonly data: ServerRef & { readonly at: number; readonly expiresAt: number };
};

export type McpServerDeregistered = {
  readonly type: 'McpServerDeregistered';
  readonly data: ServerRef & { readonly at: number };
};

/** A message for the server: a request (with its string `requestId`) or a notification (`requestId` null). */
export type McpRequestSent = {
  readonly type: 'McpRequestSent';
  readonly data: ServerRef & {
    readonly requestId: string | null;
    readonly message: JsonRpcMessage;
    readonly conversationId: string;
    readonly messageId: string;
    readonly at: number;
  };
};

/**
 * The server's response to a request. A response too large for one event (tool outputs may reach
 * 16 MB; an event holds 4 MB) comes as its JSON text in `McpResultPartRecorded` events appended
 * just before, in the same append; then `message` is null and `parts` counts them.
 */
export type McpResultReceived = {
  readonly type: 'McpResultReceived';
  readonly data: ServerRef & { readonly requestId: string; readonly message: JsonRpcMessage | null; readonly parts?: number; readonly at: number };
};

/** One slice of the JSON text of a large response, in order (`index` from 0). */
export type McpResultPartRecorded = {
  readonly type: 'McpResultPartRecorded';
  readonly data: ServerRef & { readonly requestId: string; readonly index: number; readonly text: string; readonly at: number };
};

/** The caller stopped waiting (timeout, cancelled run): the request is settled and never replayed. */
export type McpRequestAbandoned = {
  readonly type: 'McpRequestAbandoned';
  readonly data: ServerRef & { readonly requestId: string; readonly reason: 'timeout' | 'cancelled'; readonly at: number };
};

export type McpServerEvent =
  | McpServerRegistered
  | McpServerRenewed
  | McpServerDeregistered
  | McpRequestSent
  | McpResultReceived
  | McpResultPartRecorded
  | McpRequestAbandoned;

export const MCP_SERVER_EVENT_TYPES = [
  'McpServerRegistered',
  'McpServerRenewed',
  'McpServerDeregistered',
  'McpRequestSent',
  'McpResultReceived',
  'McpResultPartRecorded',
  'McpRequestAbandoned',
] as const satisfies readonly McpServerEvent['type'][];

export function isMcpServerEvent(event: { readonly type: string; readonly data: unknown }): event is McpServerEvent {
  return (MCP_SERVER_EVENT_TYPES as readonly string[]).includes(event.type);
}
