import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { FakeEmbeddingsServer } from '../../../../../test/support/fake-embeddings-server';
import { Embedder, type EmbedderOptions } from './embedder';

describe('Embedder against a local OpenAI-compatible endpoint', () => {
  let server: FakeEmbeddingsServer;
  const waits: number[] = [];
  const embedderWith = (options: Partial<EmbedderOptions> = {}): Embedder => {
    const model = createOpenAICompatible({ name: 'test', baseURL: server.baseUrl }).embeddingModel('bag-of-words');
    return new Embedder(model, 'endpoint:bag-of-words', { batchSize: 3, maxAttempts: 3, retryBaseDelayMs: 10, dimensions: null, ...options }, async (ms) => {
      waits.push(ms);
    });
  };

  beforeAll(async () => {
    server = await FakeEmbeddingsServer.start({ dimensions: 16 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    waits.length = 0;
  });

  it('embeds texts in batches, in order', async () => {
    const texts = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const vectors = await embedderWith().embed(texts);
    expect(vectors).toHaveLength(7);
    expect(vectors[0]).toHaveLength(16);
    expect(server.requests.map((request) => request.input)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(server.requests[0].model).toBe('bag-of-words');
    const again = await embedderWith().embed(['g']);
    expect(again[0]).toEqual(vectors[6]);
  });

  it('asks for the configured dimensions', async () => {
    const [vector] = await embedderWith({ dimensions: 8 }).embed(['x']);
    expect(vector).toHaveLength(8);
    expect(server.requests[0].dimensions).toBe(8);
  });

  it('retries a failing batch with doubling waits, then succeeds', async () => {
    server.failNext(2, 503);
    await expect(embedderWith().embed(['x'])).resolves.toHaveLength(1);
    expect(server.requests).toHaveLength(3);
    expect(waits).toEqual([10, 20]);
  });

  it('gives up after the last attempt', async () => {
    server.failNext(5, 500);
    await expect(embedderWith().embed(['x'])).rejects.toThrow(/induced failure/);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a refusal the provider says is final', async () => {
    server.failNext(1, 401);
    await expect(embedderWith().embed(['x'])).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
