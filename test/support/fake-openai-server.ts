/**
 * A real HTTP server speaking the OpenAI wire protocol (chat completions and responses), scripted by
 * tests, so the production `@ai-sdk/openai` / `@ai-sdk/openai-compatible` adapters are what runs.
 *
 * Wire facts followed here come from `@ai-sdk/openai`'s dist (chunk schemas and stream transforms):
 * - chat: `data: {chat.completion.chunk}` lines, `delta.content`, `delta.tool_calls[{index,id,function}]`,
 *   `delta.reasoning_content` (parsed by `@ai-sdk/openai-compatible` only; `@ai-sdk/openai`'s chat model
 *   has no reasoning channel), a final chunk with `finish_reason`, a usage chunk, then `data: [DONE]`.
 * - responses: `response.created`, `response.output_item.added` / `.done` (message, reasoning,
 *   function_call items), `response.output_text.delta`, `response.reasoning_summary_part.added` /
 *   `response.reasoning_summary_text.delta` / `response.reasoning_summary_part.done`,
 *   `response.function_call_arguments.delta` / `.done`, `response.completed` carrying `usage`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One thing the fake model does, in order. */
export type ScenarioStep =
  /** Streams each token as its own chunk, waiting `delayMs` before each one. */
  | { readonly type: 'text'; readonly tokens: readonly string[]; readonly delayMs?: number }
  /** Streams reasoning (responses: reasoning summary; chat: `reasoning_content`). */
  | { readonly type: 'reasoning'; readonly tokens: readonly string[]; readonly delayMs?: number }
  /** A function call; `args` is sent as JSON (a string is sent verbatim), split in `argChunks` deltas. */
  | {
      readonly type: 'tool-call';
      readonly name: string;
      readonly args: Readonly<Record<string, unknown>> | string;
      readonly callId?: string;
      readonly argChunks?: number;
    }
  /** Sends nothing for `ms` (to trip idle timeouts, or to leave time for an abort). */
  | { readonly type: 'stall'; readonly ms: number }
  /** Answers with this HTTP status and JSON body instead of a stream; must be the only step. */
  | { readonly type: 'http-error'; readonly status: number; readonly body?: unknown }
  /** Destroys the TCP connection where it stands (mid-stream when earlier steps wrote chunks). */
  | { readonly type: 'disconnect' }
  /** Writes an SSE `data:` line whose payload is not JSON. */
  | { readonly type: 'malformed'; readonly payload?: string };

/** What the fake model answers to one request. */
export interface Scenario {
  readonly steps: readonly ScenarioStep[];
  /** Reported in the final chunk (chat, when `stream_options.include_usage`) or `response.completed`. */
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number; readonly reasoningTokens?: number };
}

/** Picks the scenario for a request when the queue is empty. */
export type ScenarioResolver = (request: RecordedRequest) => Scenario;

/** A request the server received, for assertions on what the adapter sent. */
export interface RecordedRequest {
  readonly method: string;
  /** Path without the query string, e.g. `/v1/responses`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body (`undefined` when it was not JSON). */
  readonly body: unknown;
  /** Set when the client went away before the server finished answering (abort, timeout). */
  closedByClient: boolean;
}

const DEFAULT_USAGE = { inputTokens: 10, outputTokens: 20, reasoningTokens: 0 } as const;

/** The running server; `baseUrl` ends with `/v1` as OpenAI SDKs expect. */
export class FakeOpenAIServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: Scenario[] = [];
  private resolver: ScenarioResolver | undefined;
  private idCounter = 0;

  private readonly server: Server;
  private url = '';

  private constructor() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // A broken scenario must show up in the test, not as an unhandled rejection.
        if (res.headersSent) res.destroy();
        else sendJson(res, 500, errorBody(`fake-openai-server: ${String(error)}`, 'server_error'));
      });
    });
  }

  /** `http://127.0.0.1:<port>/v1`. */
  get baseUrl(): string {
    return this.url;
  }

  /** Starts a server on an ephemeral port of 127.0.0.1. */
  static async start(): Promise<FakeOpenAIServer> {
    const instance = new FakeOpenAIServer();
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.server.listen(0, '127.0.0.1', () => resolve());
    });
    const address: AddressInfo | string | null = instance.server.address();
    if (address === null || typeof address === 'string') throw new Error('fake-openai-server: no TCP address');
    instance.url = `http://127.0.0.1:${address.port}/v1`;
    return instance;
  }

  /** Queues scenarios, answered in order, one per request. */
  enqueue(...scenarios: Scenario[]): void {
    this.queue.push(...scenarios);
  }

  /** Answers requests with this function once the queue is empty. */
  setResolver(resolver: ScenarioResolver | undefined): void {
    this.resolver = resolver;
  }

  /** Forgets queued scenarios, the resolver and recorded requests. */
  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
    this.resolver = undefined;
  }

  /** Stops listening and drops open connections (a hung stream must not keep jest alive). */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private nextId(prefix: string): string {
    this.idCounter += 1;
    return `${prefix}_${this.idCounter.toString().padStart(6, '0')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0],
      headers: req.headers,
      body: parseJson(raw),
      closedByClient: false,
    };
    this.requests.push(recorded);
    let serverDisconnected = false;
    res.on('close', () => {
      if (!res.writableFinished && !serverDisconnected) recorded.closedByClient = true;
    });

    const endpoint = recorded.path.endsWith('/chat/completions')
      ? 'chat'
      : recorded.path.endsWith('/responses')
        ? 'responses'
        : undefined;
    if (recorded.method !== 'POST' || endpoint === undefined) {
      sendJson(res, 404, errorBody(`No route for ${recorded.method} ${recorded.path}`, 'invalid_request_error'));
      return;
    }
    const scenario = this.queue.shift() ?? this.resolver?.(recorded);
    if (scenario === undefined) {
      sendJson(res, 500, errorBody('fake-openai-server: no scenario queued for this request', 'server_error'));
      return;
    }
    if (scenario.steps.some((step, index) => step.type === 'http-error' && index > 0)) {
      throw new Error('an http-error step must be the first and only step of its scenario');
    }
    const first = scenario.steps[0];
    if (first?.type === 'http-error') {
      sendJson(res, first.status, first.body ?? errorBody(`HTTP ${first.status}`, 'server_error'));
      return;
    }
    const body = isRecord(recorded.body) ? recorded.body : {};
    const model = typeof body.model === 'string' ? body.model : 'fake-model';
    const writer = new ScenarioWriter(
      res,
      () => this.nextId('id'),
      () => (serverDisconnected = true),
    );
    if (body.stream !== true) {
      await writer.playNonStreaming(endpoint, scenario, model);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const includeUsage =
      isRecord(body.stream_options) && body.stream_options.include_usage === true;
    if (endpoint === 'chat') await writer.playChat(scenario, model, includeUsage);
    else await writer.playResponses(scenario, model);
  }
}

/** Starts a fake OpenAI-compatible server on 127.0.0.1 with an ephemeral port. */
export function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  return FakeOpenAIServer.start();
}

/** Writes one scenario to one response; stops quietly when the client goes away. */
class ScenarioWriter {
  private sequence = 0;
  private readonly closed: Promise<void>;

  constructor(
    private readonly res: ServerResponse,
    private readonly newId: () => string,
    private readonly onServerDisconnect: () => void,
  ) {
    this.closed = new Promise((resolve) => res.once('close', () => resolve()));
  }

  /** Waits, but no longer than the connection lives: a stalled scenario must not outlive its test. */
  private async sleep(ms: number | undefined): Promise<void> {
    if (ms === undefined || ms <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), this.closed]);
    clearTimeout(timer);
  }

  private get gone(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  private writeData(payload: string, event?: string): void {
    if (this.gone) return;
    this.res.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`);
  }

  /** Cuts the TCP connection once what was written has reached the client, so the break is mid-stream. */
  private async disconnect(): Promise<void> {
    if (!this.gone && this.res.headersSent) {
      await new Promise<void>((resolve) => this.res.write('', () => resolve()));
      await this.sleep(20);
    }
    this.onServerDisconnect();
    this.res.socket?.destroy();
    this.res.destroy();
  }

  async playChat(scenario: Scenario, model: string, includeUsage: boolean): Promise<void> {
    const id = `chatcmpl-${this.newId()}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      });
    this.writeData(chunk({ role: 'assistant', content: '' }));
    let toolIndex = 0;
    for (const step of scenario.steps) {
      if (this.gone) return;
      switch (step.type) {
        case 'text':
        case 'reasoning':
          for (const token of step.tokens) {
            await this.sleep(step.delayMs);
            this.writeData(chunk(step.type === 'text' ? { content: token } : { reasoning_content: token }));
          }
          break;
        case 'tool-call': {
          const callId = step.callId ?? `call_${this.newId()}`;
          const pieces = splitArguments(step.args, step.argChunks);
          this.writeData(
            chunk({
              tool_calls: [{ index: toolIndex, id: callId, type: 'function', function: { name: step.name, arguments: '' } }],
            }),
          );
          for (const piece of pieces) {
            this.writeData(chunk({ tool_calls: [{ index: toolIndex, function: { arguments: piece } }] }));
          }
          toolIndex += 1;
          break;
        }
        case 'stall':
          await this.sleep(step.ms);
          break;
        case 'disconnect':
          await this.disconnect();
          return;
        case 'malformed':
          this.writeData(step.payload ?? '{"choices": [ this is not json');
          break;
        case 'http-error':
          break; // answered before streaming started (checked in handle)
      }
    }
    if (this.gone) return;
    const usage = scenario.usage ?? DEFAULT_USAGE;
    this.writeData(chunk({}, toolIndex > 0 ? 'tool_calls' : 'stop'));
    if (includeUsage) {
      this.writeData(
        JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [],
          usage: {
            prompt_tokens: usage.inputTokens,
            completion_tokens: usage.outputTokens,
            total_tokens: usage.inputTokens + usage.outputTokens,
            completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
          },
        }),
      );
    }
    this.writeData('[DONE]');
    this.res.end();
  }

  private emit(type: string, fields: Record<string, unknown>): void {
    this.sequence += 1;
    this.writeData(JSON.stringify({ type, sequence_number: this.sequence, ...fields }), type);
  }

  async playResponses(scenario: Scenario, model: string): Promise<void> {
    const responseId = `resp_${this.newId()}`;
    const createdAt = Math.floor(Date.now() / 1000);
    const base = { id: responseId, object: 'response', created_at: createdAt, model };
    this.emit('response.created', { response: { ...base, status: 'in_progress', output: [] } });
    this.emit('response.in_progress', { response: { ...base, status: 'in_progress', output: [] } });
    const output: Record<string, unknown>[] = [];
    for (const step of scenario.steps) {
      if (this.gone) return;
      const outputIndex = output.length;
      switch (step.type) {
        case 'text': {
          const itemId = `msg_${this.newId()}`;
          this.emit('response.output_item.added', {
            output_index: outputIndex,
            item: { type: 'message', id: itemId, status: 'in_progress', role: 'assistant', content: [] },
          });
          this.emit('response.content_part.added', {
            item_id: itemId,
            output_index: outputIndex,
            content_index: 0,
            part: { type: 'output_text', text: '', annotations: [] },
          });
          for (const token of step.tokens) {
            await this.sleep(step.delayMs);
            this.emit('response.output_text.delta', {
              item_id: itemId,
              output_index: outputIndex,
              content_index: 0,
              delta: token,
              logprobs: [],
            });
          }
          const text = step.tokens.join('');
          this.emit('response.output_text.done', { item_id: itemId, output_index: outputIndex, content_index: 0, text });
          const item = {
            type: 'message',
            id: itemId,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text, annotations: [] }],
          };
          this.emit('response.output_item.done', { output_index: outputIndex, item });
          output.push(item);
          break;
        }
        case 'reasoning': {
          const itemId = `rs_${this.newId()}`;
          this.emit('response.output_item.added', {
            output_index: outputIndex,
            item: { type: 'reasoning', id: itemId, summary: [] },
          });
          this.emit('response.reasoning_summary_part.added', {
            item_id: itemId,
            output_index: outputIndex,
            summary_index: 0,
            part: { type: 'summary_text', text: '' },
          });
          for (const token of step.tokens) {
            await this.sleep(step.delayMs);
            this.emit('response.reasoning_summary_text.delta', {
              item_id: itemId,
              output_index: outputIndex,
              summary_index: 0,
              delta: token,
            });
          }
          const text = step.tokens.join('');
          this.emit('response.reasoning_summary_text.done', {
            item_id: itemId,
            output_index: outputIndex,
            summary_index: 0,
            text,
          });
          this.emit('response.reasoning_summary_part.done', {
            item_id: itemId,
            output_index: outputIndex,
            summary_index: 0,
            part: { type: 'summary_text', text },
          });
          const item = { type: 'reasoning', id: itemId, summary: [{ type: 'summary_text', text }] };
          this.emit('response.output_item.done', { output_index: outputIndex, item });
          output.push(item);
          break;
        }
        case 'tool-call': {
          const itemId = `fc_${this.newId()}`;
          const callId = step.callId ?? `call_${this.newId()}`;
          const pieces = splitArguments(step.args, step.argChunks);
          const fields = { type: 'function_call', id: itemId, call_id: callId, name: step.name };
          this.emit('response.output_item.added', {
            output_index: outputIndex,
            item: { ...fields, arguments: '', status: 'in_progress' },
          });
          for (const piece of pieces) {
            this.emit('response.function_call_arguments.delta', { item_id: itemId, output_index: outputIndex, delta: piece });
          }
          const args = pieces.join('');
          this.emit('response.function_call_arguments.done', { item_id: itemId, output_index: outputIndex, arguments: args });
          const item = { ...fields, arguments: args, status: 'completed' };
          this.emit('response.output_item.done', { output_index: outputIndex, item });
          output.push(item);
          break;
        }
        case 'stall':
          await this.sleep(step.ms);
          break;
        case 'disconnect':
          await this.disconnect();
          return;
        case 'malformed':
          this.writeData(step.payload ?? '{"type": "response.output_text.delta", oops', 'response.output_text.delta');
          break;
        case 'http-error':
          break; // answered before streaming started (checked in handle)
      }
    }
    if (this.gone) return;
    this.emit('response.completed', {
      response: { ...base, status: 'completed', output, usage: responsesUsage(scenario.usage ?? DEFAULT_USAGE) },
    });
    this.res.end();
  }

  async playNonStreaming(endpoint: 'chat' | 'responses', scenario: Scenario, model: string): Promise<void> {
    let text = '';
    let reasoning = '';
    const calls: { callId: string; name: string; args: string }[] = [];
    for (const step of scenario.steps) {
      switch (step.type) {
        case 'text':
          text += step.tokens.join('');
          break;
        case 'reasoning':
          reasoning += step.tokens.join('');
          break;
        case 'tool-call':
          calls.push({
            callId: step.callId ?? `call_${this.newId()}`,
            name: step.name,
            args: splitArguments(step.args, 1).join(''),
          });
          break;
        case 'stall':
          await this.sleep(step.ms);
          break;
        case 'disconnect':
          await this.disconnect();
          return;
        case 'malformed':
          this.res.writeHead(200, { 'content-type': 'application/json' }).end(step.payload ?? '{"choices": [');
          return;
        case 'http-error':
          break; // answered before streaming started (checked in handle)
      }
    }
    if (this.gone) return;
    const usage = scenario.usage ?? DEFAULT_USAGE;
    const created = Math.floor(Date.now() / 1000);
    if (endpoint === 'chat') {
      sendJson(this.res, 200, {
        id: `chatcmpl-${this.newId()}`,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: text.length > 0 ? text : null,
              ...(reasoning.length > 0 ? { reasoning_content: reasoning } : {}),
              ...(calls.length > 0
                ? {
                    tool_calls: calls.map((call) => ({
                      id: call.callId,
                      type: 'function',
                      function: { name: call.name, arguments: call.args },
                    })),
                  }
                : {}),
            },
            logprobs: null,
            finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: usage.inputTokens,
          completion_tokens: usage.outputTokens,
          total_tokens: usage.inputTokens + usage.outputTokens,
          completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
        },
      });
      return;
    }
    const output: Record<string, unknown>[] = [];
    if (reasoning.length > 0) {
      output.push({ type: 'reasoning', id: `rs_${this.newId()}`, summary: [{ type: 'summary_text', text: reasoning }] });
    }
    if (text.length > 0) {
      output.push({
        type: 'message',
        id: `msg_${this.newId()}`,
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [] }],
      });
    }
    for (const call of calls) {
      output.push({
        type: 'function_call',
        id: `fc_${this.newId()}`,
        call_id: call.callId,
        name: call.name,
        arguments: call.args,
        status: 'completed',
      });
    }
    sendJson(this.res, 200, {
      id: `resp_${this.newId()}`,
      object: 'response',
      created_at: created,
      model,
      status: 'completed',
      output,
      usage: responsesUsage(usage),
    });
  }
}

function responsesUsage(usage: NonNullable<Scenario['usage']>): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

function splitArguments(args: Readonly<Record<string, unknown>> | string, chunks = 3): string[] {
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  const count = Math.max(1, Math.min(chunks, text.length));
  const size = Math.ceil(text.length / count);
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces.length > 0 ? pieces : [''];
}

function errorBody(message: string, type: string): Record<string, unknown> {
  return { error: { message, type, param: null, code: null } };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
