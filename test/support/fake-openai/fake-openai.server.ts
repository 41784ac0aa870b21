import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeChatStream } from './chat-completions.writer';
import { errorBody, isRecord, parseJson, readBody, sendJson } from './http-json';
import { writeNonStreaming } from './non-streaming.writer';
import { writeResponsesStream } from './responses.writer';
import { ScenarioResponse } from './scenario-response';
import type { RecordedRequest, Scenario, ScenarioResolver } from './scenario.types';

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
    const out = new ScenarioResponse(
      res,
      () => this.nextId('id'),
      () => (serverDisconnected = true),
    );
    if (body.stream !== true) {
      await writeNonStreaming(out, endpoint, scenario, model);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const includeUsage =
      isRecord(body.stream_options) && body.stream_options.include_usage === true;
    if (endpoint === 'chat') await writeChatStream(out, scenario, model, includeUsage);
    else await writeResponsesStream(out, scenario, model);
  }
}

/** Starts a fake OpenAI-compatible server on 127.0.0.1 with an ephemeral port. */
export function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  return FakeOpenAIServer.start();
}
