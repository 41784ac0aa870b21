import type { JsonRpcMessage } from '@app/contracts/events/mcp-server.events';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { mcpSdk } from '../../common/mcp-sdk';
import type { McpServerRef } from '../mcp-servers';
import type { McpChannel, McpOrigin } from './mcp-channel';

/** The server answered with a JSON-RPC error, or with something that is not the expected result. */
export class McpProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpProtocolError';
  }
}

/** Pages of `tools/list` followed at most: a server cannot keep a run listing forever. */
const MAX_TOOL_PAGES = 10;

interface ZodLike<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/**
 * The MCP client side of one run talking to one client-side server: the handshake
 * (`initialize`, `notifications/initialized`), `tools/list` and `tools/call`, each request with a
 * string id `mcp_req_<conversationId>_<messageId>_<epochMs>_<n>` (n counts this session's requests).
 */
export class McpClientSession {
  private nextNumber = 0;

  constructor(
    private readonly channel: McpChannel,
    readonly target: McpServerRef,
    private readonly origin: McpOrigin,
    private readonly timeoutMs: number,
  ) {}

  async initialize(signal: AbortSignal): Promise<void> {
    const { InitializeResultSchema, LATEST_PROTOCOL_VERSION } = mcpSdk.types();
    await this.call(
      'initialize',
      { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'workspace-conversation-service', version: '1.0.0' } },
      InitializeResultSchema,
      signal,
    );
    await this.channel.notify(this.target, this.origin, { jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  async listTools(signal: AbortSignal): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
      const result = await this.call('tools/list', cursor === undefined ? {} : { cursor }, mcpSdk.types().ListToolsResultSchema, signal);
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    return tools;
  }

  /** Calls a tool; `beforeSend` runs with the request's id before the request is recorded (nothing is sent when it throws). */
  callTool(name: string, args: unknown, signal: AbortSignal, beforeSend?: (requestId: string) => Promise<void>): Promise<CallToolResult> {
    const input = typeof args === 'object' && args !== null ? args : {};
    return this.call('tools/call', { name, arguments: input }, mcpSdk.types().CallToolResultSchema, signal, beforeSend) as Promise<CallToolResult>;
  }

  private async call<T>(method: string, params: object, schema: ZodLike<T>, signal: AbortSignal, beforeSend?: (requestId: string) => Promise<void>): Promise<T> {
    const requestId = `mcp_req_${this.origin.conversationId}_${this.origin.messageId}_${Date.now()}_${this.nextNumber++}`;
    const response = await this.channel.request(this.target, this.origin, requestId, { jsonrpc: '2.0', id: requestId, method, params }, {
      timeoutMs: this.timeoutMs,
      signal,
      beforeSend: beforeSend && (() => beforeSend(requestId)),
    });
    return resultOf(method, response, schema);
  }
}

/** The result of a `tools/call` from the server's response (throws McpProtocolError on an error or an invalid result). */
export function callToolResultOf(response: JsonRpcMessage): CallToolResult {
  return resultOf('tools/call', response, mcpSdk.types().CallToolResultSchema) as CallToolResult;
}

function resultOf<T>(method: string, response: JsonRpcMessage, schema: ZodLike<T>): T {
  const error = response.error;
  if (typeof error === 'object' && error !== null) {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : JSON.stringify(error);
    throw new McpProtocolError(`The client-side MCP server refused ${method}: ${message}`);
  }
  const parsed = schema.safeParse(response.result);
  if (!parsed.success) throw new McpProtocolError(`The client-side MCP server answered ${method} with an invalid result: ${parsed.error.message}`);
  return parsed.data;
}
