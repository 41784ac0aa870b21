import type { RemoteMcpServerInfo, RemoteMcpTool } from '@app/contracts/events/remote-mcp-server.events';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpSdk } from '../../common/mcp-sdk';
import type { RemoteMcpSettings } from '../../config/remote-mcp-settings';
import { GuardedFetch } from './guarded-fetch';

/** Where a remote server is and the headers (in clear, in memory only) each request carries. */
export interface RemoteMcpTarget {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Why talking to a remote server failed, as the tool error code the model and the action record. */
export type RemoteMcpFailureCode =
  | 'mcp_server_forbidden_address'
  | 'mcp_server_timeout'
  | 'mcp_result_too_large'
  | 'mcp_server_unreachable'
  | 'mcp_request_cancelled';

export class RemoteMcpError extends Error {
  constructor(
    readonly code: RemoteMcpFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteMcpError';
  }
}

type Limits = Pick<RemoteMcpSettings, 'allowPrivateNetworks' | 'connectTimeoutMs' | 'listTimeoutMs' | 'callTimeoutMs' | 'maxResultBytes'>;

/** Pages of `tools/list` read at most (a server listing more tools is cut there). */
const MAX_TOOL_PAGES = 10;

/** The client this service introduces itself as. */
const CLIENT_INFO = { name: 'workspace-agents', version: '1.0.0' };

/**
 * One short-lived MCP session over streamable HTTP: connect, do one thing, close. Every request
 * goes through the guarded fetch (address checks, body limit), every step has its timeout, and a
 * failure comes out as a RemoteMcpError with a clear message (never a header value).
 */
async function withSession<T>(target: RemoteMcpTarget, limits: Limits, signal: AbortSignal | undefined, work: (client: Client) => Promise<T>): Promise<T> {
  const guard = new GuardedFetch({ allowPrivateNetworks: limits.allowPrivateNetworks, maxResponseBytes: limits.maxResultBytes });
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new RemoteMcpError('mcp_server_unreachable', 'The MCP server URL is not valid.');
  }
  const { StreamableHTTPClientTransport } = mcpSdk.streamableHttp();
  const transport = new StreamableHTTPClientTransport(url, { fetch: guard.fetch, requestInit: { headers: { ...target.headers } } });
  const client = new (mcpSdk.client().Client)(CLIENT_INFO);
  let step = 'connect';
  try {
    await client.connect(transport, { timeout: limits.connectTimeoutMs, signal });
    step = 'request';
    return await work(client);
  } catch (error) {
    throw failureOf(error, guard, limits, step, signal);
  } finally {
    await client.close().catch(() => undefined);
  }
}

function failureOf(error: unknown, guard: GuardedFetch, limits: Limits, step: string, signal: AbortSignal | undefined): RemoteMcpError {
  if (error instanceof RemoteMcpError) return error;
  if (guard.refusal) return new RemoteMcpError('mcp_server_forbidden_address', guard.refusal.message);
  if (guard.tooLarge) return new RemoteMcpError('mcp_result_too_large', `The MCP server's answer exceeds the limit of ${limits.maxResultBytes} bytes.`);
  if (signal?.aborted) return new RemoteMcpError('mcp_request_cancelled', 'The run stopped before the MCP server answered.');
  const { ErrorCode, McpError } = mcpSdk.types();
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new RemoteMcpError('mcp_server_timeout', step === 'connect' ? 'The MCP server did not complete the handshake in time.' : 'The MCP server did not answer in time.');
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new RemoteMcpError('mcp_server_unreachable', `The MCP server could not be reached: ${reason}`);
}

/** The server's self-description and its tools (all pages, up to a bound). */
export async function listRemoteTools(
  target: RemoteMcpTarget,
  limits: Limits,
  signal?: AbortSignal,
): Promise<{ info: RemoteMcpServerInfo; tools: RemoteMcpTool[] }> {
  return withSession(target, limits, signal, async (client) => {
    const version = client.getServerVersion();
    const info: RemoteMcpServerInfo = {
      name: version?.name ?? new URL(target.url).hostname,
      version: version?.version ?? '',
      description: client.getInstructions() ?? null,
    };
    const tools: RemoteMcpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
      const listed = await client.listTools(cursor ? { cursor } : {}, { timeout: limits.listTimeoutMs, signal });
      for (const tool of listed.tools) {
        tools.push({
          name: tool.name,
          description: tool.description ?? tool.title ?? tool.name,
          inputSchema: { ...tool.inputSchema },
          readOnly: tool.annotations?.readOnlyHint === true,
        });
      }
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return { info, tools };
  });
}

/** Calls one tool; a result above the size limit fails like an oversize response. */
export async function callRemoteTool(target: RemoteMcpTarget, limits: Limits, name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
  return withSession(target, limits, signal, async (client) => {
    const argumentsObject = typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
    const result = (await client.callTool({ name, arguments: argumentsObject }, undefined, {
      timeout: limits.callTimeoutMs,
      signal,
    })) as CallToolResult;
    if (Buffer.byteLength(JSON.stringify(result)) > limits.maxResultBytes) {
      throw new RemoteMcpError('mcp_result_too_large', `The tool's result exceeds the limit of ${limits.maxResultBytes} bytes.`);
    }
    return result;
  });
}
