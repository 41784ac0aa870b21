import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z, type ZodRawShape } from 'zod';

/** A remote MCP server started by a test, reached over streamable HTTP on a local port. */
export interface RemoteToolServer {
  readonly url: string;
  readonly port: number;
  /** Tool calls received, by tool name. */
  readonly calls: { name: string; args: unknown }[];
  /** The Authorization header of every request received. */
  readonly authorizations: (string | undefined)[];
  /** Names of tools added while running (each answers "done"): the next listing shows them. */
  readonly extraTools: string[];
  close(): Promise<void>;
}

export interface RemoteToolServerOptions {
  /** Requests without `Authorization: Bearer <token>` get a 401. */
  readonly token?: string;
  /** Size of the text `huge_report` answers with. */
  readonly hugeBytes?: number;
}

/**
 * Tools: `lookup_order` (read-only), `cancel_order` (writes), `hang` (never answers) and
 * `huge_report` (a large text). Stateless: each request gets its own MCP server and transport.
 */
export async function startRemoteToolServer(options: RemoteToolServerOptions = {}): Promise<RemoteToolServer> {
  const calls: { name: string; args: unknown }[] = [];
  const authorizations: (string | undefined)[] = [];
  const extraTools: string[] = [];
  const tools = () => {
    const server = new McpServer({ name: 'orders', version: '2.1.0' });
    server.registerTool(
      'lookup_order',
      { description: 'Looks an order up.', inputSchema: { orderId: z.string() }, annotations: { readOnlyHint: true } },
      async ({ orderId }) => {
        calls.push({ name: 'lookup_order', args: { orderId } });
        return { content: [{ type: 'text', text: `Order ${orderId} shipped.` }] };
      },
    );
    server.registerTool('cancel_order', { description: 'Cancels an order.', inputSchema: { orderId: z.string() } }, async ({ orderId }) => {
      calls.push({ name: 'cancel_order', args: { orderId } });
      return { content: [{ type: 'text', text: `Order ${orderId} cancelled.` }] };
    });
    server.registerTool('hang', { description: 'Never answers.', inputSchema: {} }, async () => {
      calls.push({ name: 'hang', args: {} });
      return new Promise<never>(() => undefined);
    });
    server.registerTool('huge_report', { description: 'A very long report.', inputSchema: {} }, async () => {
      calls.push({ name: 'huge_report', args: {} });
      return { content: [{ type: 'text', text: 'x'.repeat(options.hugeBytes ?? 200_000) }] };
    });
    for (const name of extraTools) server.registerTool(name, { description: `Extra tool ${name}.`, inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'done' }] }));
    return server;
  };
  const served = await serveMcp(tools, { authorizations, token: options.token });
  return { ...served, calls, authorizations, extraTools };
}

/** One tool of a test MCP server: its answer is the text `answer` gives for the arguments. */
export interface TestTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ZodRawShape;
  /** Announced with `readOnlyHint` (a low-stake tool). */
  readonly readOnly?: boolean;
  answer(args: Record<string, unknown>): string | Promise<string>;
}

/** A remote MCP server offering `tools`, under `name` (what agents' actions show as their server's name). */
export async function startToolServer(name: string, tools: readonly TestTool[]): Promise<RemoteToolServer> {
  const calls: { name: string; args: unknown }[] = [];
  const authorizations: (string | undefined)[] = [];
  const build = () => {
    const server = new McpServer({ name, version: '1.0.0' });
    for (const tool of tools) {
      const annotations = tool.readOnly ? { readOnlyHint: true } : undefined;
      server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema, annotations }, async (args: Record<string, unknown>) => {
        calls.push({ name: tool.name, args });
        return { content: [{ type: 'text' as const, text: await tool.answer(args) }] };
      });
    }
    return server;
  };
  const served = await serveMcp(build, { authorizations });
  return { ...served, calls, authorizations, extraTools: [] };
}

/** Serves MCP over streamable HTTP on a local port, statelessly: each request gets its own server from `build`. */
async function serveMcp(
  build: () => McpServer,
  options: { authorizations: (string | undefined)[]; token?: string },
): Promise<Pick<RemoteToolServer, 'url' | 'port' | 'close'>> {
  const { authorizations } = options;
  const http: Server = createServer((request, response) => {
    void (async () => {
      authorizations.push(request.headers.authorization);
      if (options.token !== undefined && request.headers.authorization !== `Bearer ${options.token}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      const body = request.method === 'POST' ? JSON.parse(await text(request)) : undefined;
      const server = build();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      response.on('close', () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(request, response, body);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

async function text(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
