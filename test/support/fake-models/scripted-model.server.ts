import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson, readBody, sendJson } from '../fake-openai/http-json';
import { ScenarioResponse } from '../fake-openai/scenario-response';
import type { RecordedRequest, Scenario, ScenarioResolver } from '../fake-openai/scenario.types';

/** A request the provider would refuse: the HTTP status and message it answers with. */
export interface WireRefusal {
  readonly status: number;
  readonly message: string;
}

/** One provider's HTTP API as a scripted server speaks it; the server does the rest. */
export interface ModelWire {
  /** Named in the server's own errors. */
  readonly name: string;
  /** Path of the base URL the api is given (`/v1`, `/v1beta`), as the provider's SDK expects it. */
  readonly basePath: string;
  /** Whether this wire answers the request (its method and path). */
  answers(request: RecordedRequest): boolean;
  /**
   * What the real API refuses in a request it answers (missing credentials, a malformed history):
   * refused here too, in the provider's envelope, before any scenario is spent.
   */
  refuse?(request: RecordedRequest): WireRefusal | undefined;
  /** The provider's JSON error envelope for an HTTP status. */
  errorBody(status: number, message: string): unknown;
  /** Answers the request with the scenario, status and headers included. */
  write(out: ScenarioResponse, scenario: Scenario, request: RecordedRequest): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that answers a provider's requests from queued scenarios and
 * records every request (method, path, query, headers, JSON body) for the test to check; the wire
 * decides how a scenario looks on the provider's protocol.
 */
export class ScriptedModelServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: Scenario[] = [];
  private resolver: ScenarioResolver | undefined;
  private idCounter = 0;
  private readonly server: Server;
  private url = '';

  protected constructor(private readonly wire: ModelWire) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // A broken scenario must show up in the test, not as an unhandled rejection.
        if (res.headersSent) res.destroy();
        else sendJson(res, 500, wire.errorBody(500, `fake ${wire.name} server: ${String(error)}`));
      });
    });
  }

  /** A server speaking `wire`, listening on an ephemeral port. */
  static start(wire: ModelWire): Promise<ScriptedModelServer> {
    return ScriptedModelServer.listen(new ScriptedModelServer(wire));
  }

  /** Starts `instance` listening on an ephemeral port of 127.0.0.1. */
  protected static async listen<T extends ScriptedModelServer>(instance: T): Promise<T> {
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.server.listen(0, '127.0.0.1', () => resolve());
    });
    const address: AddressInfo | string | null = instance.server.address();
    if (address === null || typeof address === 'string') throw new Error(`fake ${instance.wire.name} server: no TCP address`);
    instance.url = `http://127.0.0.1:${address.port}${instance.wire.basePath}`;
    return instance;
  }

  /** `http://127.0.0.1:<port>` and the wire's base path. */
  get baseUrl(): string {
    return this.url;
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
    const receivedAtMs = performance.now();
    const raw = await readBody(req);
    const [path, query] = (req.url ?? '/').split('?', 2);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query: query ?? '',
      headers: req.headers,
      body: parseJson(raw),
      receivedAtMs,
      closedByClient: false,
    };
    this.requests.push(recorded);
    let serverDisconnected = false;
    res.on('close', () => {
      if (!res.writableFinished && !serverDisconnected) recorded.closedByClient = true;
    });

    if (!this.wire.answers(recorded)) {
      sendJson(res, 404, this.wire.errorBody(404, `No route for ${recorded.method} ${recorded.path}`));
      return;
    }
    const refusal = this.wire.refuse?.(recorded);
    if (refusal !== undefined) {
      sendJson(res, refusal.status, this.wire.errorBody(refusal.status, refusal.message));
      return;
    }
    const scenario = this.queue.shift() ?? this.resolver?.(recorded);
    if (scenario === undefined) {
      sendJson(res, 500, this.wire.errorBody(500, `fake ${this.wire.name} server: no scenario queued for this request`));
      return;
    }
    if (scenario.steps.some((step, index) => step.type === 'http-error' && index > 0)) {
      throw new Error('an http-error step must be the first and only step of its scenario');
    }
    const first = scenario.steps[0];
    if (first?.type === 'http-error') {
      sendJson(res, first.status, first.body ?? this.wire.errorBody(first.status, `HTTP ${first.status}`), first.headers);
      return;
    }
    const out = new ScenarioResponse(
      res,
      () => this.nextId('id'),
      () => (serverDisconnected = true),
    );
    await this.wire.write(out, scenario, recorded);
  }
}
