import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { parseProviderSettings } from '../../apps/api/src/config/provider-settings';
import { parseSearchSettings, type SearchSettings } from '../../apps/api/src/config/search-settings';
import { EmbedderRegistry } from '../../apps/api/src/search/embeddings/embedder-registry';
import { DocumentIndexer } from '../../apps/api/src/search/indexing/document-indexer';
import type { IndexingOutcome } from '../../apps/api/src/search/indexing/document-to-index';
import { IndexingService } from '../../apps/api/src/search/indexing/indexing.service';
import { SearchService } from '../../apps/api/src/search/search.service';
import { SqliteSearchIndex } from '../../libs/storage/src/search-index/sqlite-search-index';

/** The search engine as the api builds it, on an embedded index in a temp directory. */
export interface BenchSearchEngine {
  readonly settings: SearchSettings;
  readonly indexing: IndexingService;
  readonly search: SearchService;
  close(): Promise<void>;
}

/** Builds the engine from these variables (the api's own parsing and defaults). */
export function benchSearchEngine(
  env: Readonly<Record<string, string | undefined>>,
  onApplied: (delayMs: number, outcome: IndexingOutcome | null) => void = () => undefined,
): BenchSearchEngine {
  const dir = mkdtempSync(join(tmpdir(), 'wcs-search-bench-'));
  const problems: string[] = [];
  const settings = parseSearchSettings(env, dir, problems);
  const providers = parseProviderSettings(env);
  if (problems.length > 0 || !providers.ok) throw new Error(`bad search settings: ${[...problems, ...(providers.ok ? [] : providers.errors)].join('; ')}`);
  const logger = pino({ level: 'warn' });
  const index = new SqliteSearchIndex({ path: join(dir, 'search.sqlite'), titleWeight: settings.titleWeight });
  const embedders = new EmbedderRegistry(providers.settings, settings);
  const indexer = new DocumentIndexer(index, embedders, { maxTokens: settings.chunkMaxTokens, overlapTokens: settings.chunkOverlapTokens }, logger);
  const queue = { capacity: settings.indexingQueueCapacity, concurrency: settings.indexingConcurrency };
  const indexing = new IndexingService(index, indexer, queue, logger, onApplied);
  return {
    settings,
    indexing,
    search: new SearchService(index, embedders, logger),
    async close() {
      await indexing.drain();
      await index.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
