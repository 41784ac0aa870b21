import { SqliteSearchIndex } from '@app/storage';
import pino from 'pino';
import { FakeEmbeddingsServer } from '../../../../test/support/fake-embeddings-server';
import { parseProviderSettings } from '../config/provider-settings';
import { parseSearchSettings } from '../config/search-settings';
import { EmbedderRegistry } from './embeddings/embedder-registry';
import { DocumentIndexer } from './indexing/document-indexer';
import type { DocumentToIndex } from './indexing/document-to-index';
import { IndexingService } from './indexing/indexing.service';
import { unfilteredSearch, type SearchParams } from './search-params';
import { SearchService } from './search.service';

const logger = pino({ level: 'silent' });
const noProviders = (() => {
  const parsed = parseProviderSettings({});
  if (!parsed.ok) throw new Error('no providers must parse');
  return parsed.settings;
})();

function engine(env: Record<string, string>) {
  const problems: string[] = [];
  const settings = parseSearchSettings({ EMBEDDING_RETRY_BASE_DELAY_MS: '1', EMBEDDING_MAX_ATTEMPTS: '2', ...env }, '/unused', problems);
  expect(problems).toEqual([]);
  const index = new SqliteSearchIndex({ path: ':memory:' });
  const embedders = new EmbedderRegistry(noProviders, settings);
  const indexer = new DocumentIndexer(index, embedders, { maxTokens: 40, overlapTokens: 0 }, logger);
  const indexing = new IndexingService(index, indexer, { capacity: 100, concurrency: 2 }, logger);
  return { index, indexer, indexing, search: new SearchService(index, embedders, logger) };
}

const doc = (documentId: string, text: string, extra: Partial<DocumentToIndex> = {}): DocumentToIndex => ({
  dataSourceId: 'dts_a',
  documentId,
  title: documentId,
  source: { text },
  tags: [],
  parents: [documentId],
  parentId: null,
  sourceUrl: null,
  mimeType: 'text/plain',
  timestamp: 1_000,
  created: 2_000,
  embeddingProvider: null,
  ...extra,
});

const params = (query: string, extra: Partial<SearchParams> = {}): SearchParams => ({ ...unfilteredSearch(['dts_a'], query, 10), ...extra });

const sentences = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `Paragraph ${i} is about ${topic} number ${i}.`).join(' ');

describe('SearchService, lexical only (no embedding provider)', () => {
  const { index, indexing, search } = engine({});
  afterAll(() => index.close());

  beforeAll(async () => {
    await indexing.upsertDocument(doc('wings', 'Swept wings delay the shock at transonic speed.', { tags: ['aero'], sourceUrl: 'https://example.com/wings' }));
    await indexing.upsertDocument(doc('engines', 'Jet engines and wings: the engine pylon sits under the wing.', { timestamp: 5_000 }));
    await indexing.upsertDocument(doc('cooking', 'Bread needs flour, water and time.'));
    await indexing.whenIdle();
  });

  it('says it is lexical and why, and ranks documents by their best BM25 chunk', async () => {
    const outcome = await search.search(params('wing shock'));
    expect(outcome.mode).toBe('lexical');
    expect(outcome.lexicalOnlyReason).toMatch(/no embedding provider/);
    expect(outcome.documents.map((d) => d.document_id)).toEqual(['wings', 'engines']);
    const [first] = outcome.documents;
    expect(first).toMatchObject({
      data_source_id: 'dts_a',
      title: 'wings',
      tags: ['aero'],
      parents: ['wings'],
      source_url: 'https://example.com/wings',
      timestamp: 1_000,
      created: 2_000,
      chunk_count: 1,
      text: null,
      chunks: [{ text: 'Swept wings delay the shock at transonic speed.', offset: 0, score: expect.any(Number) }],
    });
    expect(first.text_size).toBe(Buffer.byteLength('Swept wings delay the shock at transonic speed.'));
    expect(first.score).toBe(first.chunks[0].score);
    expect(first.score).toBeGreaterThan(outcome.documents[1].score);
  });

  it('tells a data source it is lexical only, and why', () => {
    expect(search.modeFor(null)).toEqual({ mode: 'lexical', lexicalOnlyReason: expect.stringMatching(/EMBEDDING_BASE_URL/) });
    expect(search.modeFor('openai')).toEqual({ mode: 'lexical', lexicalOnlyReason: 'embedding provider openai is not configured (no API key)' });
  });

  it('returns the full text with fullText, and applies filters', async () => {
    const full = await search.search(params('wing', { fullText: true, timestampGt: 2_000 }));
    expect(full.documents.map((d) => [d.document_id, d.text])).toEqual([['engines', 'Jet engines and wings: the engine pylon sits under the wing.']]);
    const tagged = await search.search(params('wing', { tagsNot: ['aero'] }));
    expect(tagged.documents.map((d) => d.document_id)).toEqual(['engines']);
  });

  it('ANDs the view parentsIn with the parents_in parameter', async () => {
    await indexing.upsertDocument(doc('nested', 'A wing inside a folder.', { parents: ['nested', 'folder-1', 'root'] }));
    await indexing.whenIdle();
    const viewScoped = await search.search(params('wing', { viewParentsIn: ['root'] }));
    expect(viewScoped.documents.map((d) => d.document_id)).toEqual(['nested']);
    const both = await search.search(params('wing', { viewParentsIn: ['root'], parentsIn: ['wings'] }));
    expect(both.documents).toEqual([]);
  });

  it('returns at most top_k chunks, grouped by document', async () => {
    await indexing.upsertDocument(doc('long', sentences('lift', 30)));
    await indexing.whenIdle();
    const outcome = await search.search(params('lift paragraph', { topK: 3 }));
    expect(outcome.documents.map((d) => d.document_id)).toEqual(['long']);
    expect(outcome.documents[0].chunks).toHaveLength(3);
    expect(outcome.documents[0].chunk_count).toBeGreaterThan(3);
  });

  it('extends the hits with neighbouring chunks up to target_document_tokens, in document order', async () => {
    const outcome = await search.search(params('lift', { topK: 1, targetDocumentTokens: 130 }));
    const [found] = outcome.documents;
    const chunks = found.chunks;
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.filter((chunk) => chunk.score !== null)).toHaveLength(1);
    const offsets = chunks.map((chunk) => chunk.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets.at(-1)! - offsets[0]).toBe(offsets.length - 1);
    const { countTokens } = await import('gpt-tokenizer');
    expect(chunks.reduce((sum, chunk) => sum + countTokens(chunk.text), 0)).toBeLessThanOrEqual(130);
  });

  it('measures the delay from enqueue to searchable', () => {
    const stats = indexing.delayStats();
    expect(stats.applied).toBeGreaterThanOrEqual(5);
    expect(stats.lastDelayMs).toEqual(expect.any(Number));
  });
});

describe('SearchService, hybrid with an OpenAI-compatible embedding endpoint', () => {
  let server: FakeEmbeddingsServer;
  let subject: ReturnType<typeof engine>;

  beforeAll(async () => {
    server = await FakeEmbeddingsServer.start({ dimensions: 32 });
    subject = engine({ EMBEDDING_BASE_URL: server.baseUrl, EMBEDDING_MODEL: 'bag-of-words' });
  });
  afterAll(async () => {
    await subject.index.close();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('embeds chunks when indexing and fuses lexical and vector ranks when searching', async () => {
    const outcome = await subject.indexer.indexDocument(doc('flutter', 'Flutter of the wing at high dynamic pressure.'));
    await subject.indexer.indexDocument(doc('buffet', 'Buffet onset of the tail.'));
    expect(outcome).toEqual({ chunkCount: 1, reusedVectors: 0, computedVectors: 1, lexicalOnlyReason: null });
    expect(server.requests.map((request) => request.input)).toEqual([['Flutter of the wing at high dynamic pressure.'], ['Buffet onset of the tail.']]);

    expect(subject.search.modeFor(null)).toEqual({ mode: 'hybrid', lexicalOnlyReason: null });
    const result = await subject.search.search(params('wing flutter'));
    expect(result.mode).toBe('hybrid');
    expect(result.lexicalOnlyReason).toBeNull();
    expect(result.documents[0].document_id).toBe('flutter');
    // First in both lists: a perfect fused score.
    expect(result.documents[0].score).toBeCloseTo(1, 10);
    for (const document of result.documents) expect(document.score).toBeLessThanOrEqual(1);
    expect(server.requests.at(-1)?.input).toEqual(['wing flutter']);
  });

  it('reuses stored vectors: re-indexing or rebuilding a data source computes none', async () => {
    const text = sentences('stall', 12);
    const first = await subject.indexer.indexDocument(doc('stall', text));
    expect(first.computedVectors).toBe(first.chunkCount);
    server.requests.length = 0;

    await subject.index.deleteDataSource('dts_a');
    const rebuilt = await subject.indexer.indexDocument(doc('stall', text));
    expect(rebuilt).toMatchObject({ reusedVectors: first.chunkCount, computedVectors: 0 });
    expect(server.requests).toEqual([]);
    const found = await subject.search.search(params('stall'));
    expect(found.mode).toBe('hybrid');
    expect(found.documents.map((d) => d.document_id)).toEqual(['stall']);
  });

  it('indexes a document for lexical search when embedding keeps failing, and says so', async () => {
    server.failNext(2, 500);
    const outcome = await subject.indexer.indexDocument(doc('degraded', 'Spin recovery of a trainer.'));
    expect(outcome.lexicalOnlyReason).toMatch(/embedding failed/);
    const found = await subject.search.search(params('spin recovery'));
    expect(found.documents.map((d) => d.document_id)).toContain('degraded');
  });

  it('falls back to lexical search when the query cannot be embedded, and says why', async () => {
    server.failNext(2, 503);
    const found = await subject.search.search(params('trainer'));
    expect(found.mode).toBe('lexical');
    expect(found.lexicalOnlyReason).toMatch(/query embedding failed/);
    expect(found.documents.map((d) => d.document_id)).toEqual(['degraded']);
  });
});
