import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../environment/environment-variables';
import { openSearchAdapter } from '../config/external-store-adapters';
import type { SearchIndex } from './search-index.port';
import { SqliteSearchIndex } from './sqlite-search-index';

/** Where the search index lives: its own SQLite file under the data directory, or OpenSearch. */
export type SearchIndexConfig =
  | { readonly kind: 'sqlite'; readonly path: string; readonly dataDir: string }
  | { readonly kind: 'opensearch'; readonly url: string; readonly indexPrefix: string };

/** Parses OPENSEARCH_URL / OPENSEARCH_INDEX_PREFIX; unset URL means the embedded index. */
export function parseSearchIndexConfig(env: Environment, dataDir: string, problems: string[]): SearchIndexConfig {
  const url = env.OPENSEARCH_URL?.trim();
  const indexPrefix = env.OPENSEARCH_INDEX_PREFIX?.trim() || 'search';
  if (!/^[a-z0-9][a-z0-9_-]{0,100}$/.test(indexPrefix)) problems.push('OPENSEARCH_INDEX_PREFIX must be lower-case letters, digits, "_" or "-"');
  if (!url) return { kind: 'sqlite', path: join(dataDir, 'search.sqlite'), dataDir };
  if (!/^https?:\/\/.+/.test(url)) problems.push('OPENSEARCH_URL must be an http(s) URL');
  return { kind: 'opensearch', url, indexPrefix };
}

/** Opens the search index the configuration names; `titleWeight` weighs a title match against a text match. */
export function openSearchIndex(config: SearchIndexConfig, options: { titleWeight?: number } = {}): SearchIndex {
  if (config.kind === 'opensearch') return new (openSearchAdapter().OpenSearchSearchIndex)({ url: config.url, indexPrefix: config.indexPrefix, ...options });
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteSearchIndex({ path: config.path, ...options });
}
