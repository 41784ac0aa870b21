import { DustAPI, DustMcpServerTransport } from '@dust-tt/client';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { call } from './test-app';

const quiet = { info: () => undefined, error: () => undefined, warn: () => undefined, debug: () => undefined, log: () => undefined } as unknown as Console;

/** A client-side tool server made with the MCP SDK and connected through the official transport. */
export interface ConnectedToolServer {
  readonly serverId: string;
  /** Calls the tools received, by tool name. */
  readonly calls: { name: string; args: unknown }[];
  close(): Promise<void>;
}

/** Options of the test tool server: `slowTool` never answers, to trip the run's timeout. */
export interface ToolServerOptions {
  readonly name?: string;
  /** Offers `answers_on_release`, which answers only once this settles. */
  readonly release?: Promise<unknown>;
}

/**
 * Starts an `McpServer` with three tools, `add` (text and structured content), `lookup_word`
 * (marked read-only) and `never_answers` (a tool that hangs), connected to our api through `DustMcpServerTransport` with a user-bound key.
 */
export async function connectToolServer(baseUrl: string, workspaceId: string, userKey: string, options: ToolServerOptions = {}): Promise<ConnectedToolServer> {
  const calls: { name: string; args: unknown }[] = [];
  const server = new McpServer({ name: 'test-tools', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() }, outputSchema: { sum: z.number() } },
    async ({ a, b }) => {
      calls.push({ name: 'add', args: { a, b } });
      return { content: [{ type: 'text', text: `The sum is ${a + b}.` }], structuredContent: { sum: a + b } };
    },
  );
  server.registerTool('lookup_word', { description: 'Looks a word up.', inputSchema: { word: z.string() }, annotations: { readOnlyHint: true } }, async ({ word }) => {
    calls.push({ name: 'lookup_word', args: { word } });
    return { content: [{ type: 'text', text: `${word}: a word.` }] };
  });
  server.registerTool('never_answers', { description: 'Waits forever.', inputSchema: { question: z.string() } }, async ({ question }) => {
    calls.push({ name: 'never_answers', args: { question } });
    return new Promise<never>(() => undefined);
  });
  const { release } = options;
  if (release) {
    server.registerTool('answers_on_release', { description: 'Answers when released.', inputSchema: { question: z.string() } }, async ({ question }) => {
      calls.push({ name: 'answers_on_release', args: { question } });
      await release;
      return { content: [{ type: 'text', text: `Released answer to ${question}` }] };
    });
  }
  const api = new DustAPI({ url: baseUrl }, { workspaceId, apiKey: userKey }, quiet);
  let serverId = '';
  const transport = new DustMcpServerTransport(api, (id) => (serverId = id), options.name ?? 'Test tools', false);
  await server.connect(transport);
  return {
    get serverId() {
      return serverId;
    },
    calls,
    close: () => server.close(),
  };
}

/** Registers a server over HTTP (no transport) and returns its id. */
export async function registerServer(baseUrl: string, workspaceId: string, key: string, serverName = 'Manual server'): Promise<string> {
  const response = await call(baseUrl, 'POST', `/api/v1/w/${workspaceId}/mcp/register`, { key, body: { serverName } });
  if (response.status !== 200) throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.serverId;
}
