import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, isRecord, parseJson, readBody, sendJson } from './fake-openai/http-json';

/** One request the fake endpoint received. */
export interface EmbeddingRequest {
  readonly model: string;
  readonly input: string[];
  readonly dimensions: number | null;
}

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint on 127.0.0.1 for tests and benches: vectors are a
 * hashed bag of (lower-cased, crudely stemmed) words, so texts sharing words are near each other,
 * deterministically and without a model. It can fail a number of requests first, to exercise retries.
 */
export class FakeEmbeddingsServer {
  readonly requests: EmbeddingRequest[] = [];
  private failures: { remaining: number; status: number } = { remaining: 0, status: 500 };
  private url = '';
  private readonly server: Server;

  private constructor(private readonly defaultDimensions: number) {
    this.server = createServer((req, res) => {
      void readBody(req).then((raw) => this.handle(req.url ?? '', raw, (status, body) => sendJson(res, status, body)));
    });
  }

  /** `http://127.0.0.1:<port>/v1`. */
  get baseUrl(): string {
    return this.url;
  }

  static async start(options: { dimensions?: number } = {}): Promise<FakeEmbeddingsServer> {
    const instance = new FakeEmbeddingsServer(options.dimensions ?? 64);
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.server.listen(0, '127.0.0.1', () => resolve());
    });
    const address: AddressInfo | string | null = instance.server.address();
    if (address === null || typeof address === 'string') throw new Error('fake-embeddings-server: no TCP address');
    instance.url = `http://127.0.0.1:${address.port}/v1`;
    return instance;
  }

  /** Answers the next `count` requests with `status` (an OpenAI error body). */
  failNext(count: number, status = 500): void {
    this.failures = { remaining: count, status };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(path: string, raw: string, send: (status: number, body: unknown) => void): void {
    const body = parseJson(raw);
    if (!path.endsWith('/embeddings') || !isRecord(body)) {
      send(404, errorBody(`no route for ${path}`, 'invalid_request_error'));
      return;
    }
    const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
    const dimensions = typeof body.dimensions === 'number' ? body.dimensions : null;
    this.requests.push({ model: String(body.model), input, dimensions });
    if (this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      send(this.failures.status, errorBody('induced failure', 'server_error'));
      return;
    }
    const size = dimensions ?? this.defaultDimensions;
    send(200, {
      object: 'list',
      model: body.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: bagOfWordsVector(text, size) })),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    });
  }
}

/** A unit vector counting hashed word stems: cosine similarity grows with shared words. */
export function bagOfWordsVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const stem = word.replace(/(ing|ed|es|s)$/, '');
    let hash = 2166136261;
    for (let i = 0; i < stem.length; i += 1) hash = Math.imul(hash ^ stem.charCodeAt(i), 16777619);
    vector[(hash >>> 0) % dimensions] += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}
