import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

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
  const http: Server = createServer((request, response) => {
    void (async () => {
      authorizations.push(request.headers.authorization);
      if (options.token !== undefined && request.headers.authorization !== `Bearer ${options.token}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      const body = request.method === 'POST' ? JSON.parse(await text(request)) : undefined;
      const server = tools();
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
    calls,
    authorizations,
    extraTools,
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
