import { SqliteSearchIndex } from '@app/storage';
import pino from 'pino';
import { Writable } from 'node:stream';
import { loadApiConfig } from '../config/api-config';
import { EmbedderRegistry } from './embeddings/embedder-registry';
import { DocumentIndexer } from './indexing/document-indexer';
import { IndexingService } from './indexing/indexing.service';
import type { SearchIndexFollower } from './indexing/search-index-follower';
import { SearchModule } from './search.module';

/** Boots the module's start-up hook with this environment and returns what it logged. */
async function startupLog(env: Record<string, string>): Promise<{ level: number; msg: string }[]> {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const config = loadApiConfig({ DATA_DIR: '/unused', ...env });
  const index = new SqliteSearchIndex({ path: ':memory:' });
  const embedders = new EmbedderRegistry(config.providers, config.search);
  const indexing = new IndexingService(index, new DocumentIndexer(index, embedders, { maxTokens: 64, overlapTokens: 0 }, logger), { capacity: 1, concurrency: 1 }, logger);
  // The log follower is covered by the e2e tests; here it does nothing.
  const follower = { start: () => undefined, stop: () => Promise.resolve() } as unknown as SearchIndexFollower;
  const module = new SearchModule(index, embedders, indexing, follower, logger, config);
  module.onApplicationBootstrap();
  await module.onApplicationShutdown();
  return lines;
}

describe('SearchModule start-up', () => {
  it('warns that search is lexical only when no embedding endpoint is configured', async () => {
    const lines = await startupLog({});
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('search is lexical only (BM25)') })]);
  });

  it('says which endpoint embeds when one is configured', async () => {
    const lines = await startupLog({ EMBEDDING_BASE_URL: 'http://127.0.0.1:9/v1', EMBEDDING_MODEL: 'nomic-embed-text' });
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: expect.stringContaining('hybrid search: embeddings by nomic-embed-text') })]);
  });
});
