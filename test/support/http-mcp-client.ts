import { forEachSseBlock } from './sse-blocks';
import { call } from './test-app';

/** A `tools/call` the server received: its request id and arguments. */
export interface ReceivedToolCall {
  readonly requestId: string;
  readonly args: { readonly a: number; readonly b: number };
}

/**
 * A client-side MCP server spoken over plain HTTP (register, requests stream, results), so a test
 * sees what the official transport hides: which results the api answered 200. It offers one tool,
 * `add`, answered after `answerDelayMs()`; it survives the api's restarts (it reconnects to the same
 * base URL, from the start of the stream: requests not yet answered are replayed).
 */
export class HttpMcpClient {
  serverId = '';
  /** Every `tools/call` received (a replayed request more than once). */
  readonly calls: ReceivedToolCall[] = [];
  /** The text of every `tools/call` result the api answered 200, by request id. */
  readonly acknowledged = new Map<string, string>();
  private readonly answering = new Set<string>();
  private controller: AbortController | null = null;
  private stopped = false;
  private following: Promise<void> = Promise.resolve();

  constructor(
    private readonly baseUrl: string,
    private readonly workspaceId: string,
    private readonly key: string,
    private readonly answerDelayMs: () => number,
  ) {}

  async start(serverName: string): Promise<void> {
    const response = await call(this.baseUrl, 'POST', `/api/v1/w/${this.workspaceId}/mcp/register`, { key: this.key, body: { serverName } });
    if (response.status !== 200) throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
    this.serverId = response.body.serverId;
    this.following = this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.controller?.abort();
    await this.following;
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      this.controller = new AbortController();
      try {
        const url = `${this.baseUrl}/api/v1/w/${this.workspaceId}/mcp/requests?serverId=${encodeURIComponent(this.serverId)}`;
        const response = await fetch(url, { headers: { authorization: `Bearer ${this.key}`, accept: 'text/event-stream' }, signal: this.controller.signal });
        if (response.status === 200 && response.body) {
          await forEachSseBlock(response.body, (block) => {
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ') && line !== 'data: done') void this.answer(JSON.parse(line.slice(6)).data);
            }
          });
        }
      } catch {
        // The api went away (killed): connect again once it is back.
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async answer(message: { id?: string; method?: string; params?: any }): Promise<void> {
    const { id, method, params } = message;
    if (typeof id !== 'string' || this.answering.has(id)) return;
    this.answering.add(id);
    try {
      let result: unknown;
      let text: string | undefined;
      if (method === 'initialize') result = { protocolVersion: params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'http-tools', version: '1.0.0' } };
      else if (method === 'tools/list') {
        const inputSchema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
        result = { tools: [{ name: 'add', description: 'Adds two numbers.', inputSchema }] };
      } else if (method === 'tools/call') {
        const args = params?.arguments ?? {};
        this.calls.push({ requestId: id, args });
        text = `The sum is ${Number(args.a) + Number(args.b)} (${id}).`;
        result = { content: [{ type: 'text', text }] };
        await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs()));
      } else return;
      const response = await call(this.baseUrl, 'POST', `/api/v1/w/${this.workspaceId}/mcp/results`, {
        key: this.key,
        body: { serverId: this.serverId, result: { jsonrpc: '2.0', id, result } },
      });
      if (response.status === 200 && text !== undefined) this.acknowledged.set(id, text);
    } catch {
      // Not answered (the api went away): the request is replayed once the stream is back.
    } finally {
      this.answering.delete(id);
    }
  }
}
