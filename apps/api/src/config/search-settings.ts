import { parseIntegerVariable, parseSearchIndexConfig, type Environment, type SearchIndexConfig } from '@app/storage';
import { Secret } from './provider-settings';

/** An operator-defined OpenAI-compatible embedding endpoint (Ollama, vLLM, LiteLLM, …), used by every workspace. */
export interface EmbeddingEndpointSettings {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: Secret | null;
  /** Requested output size; null lets the model decide. */
  readonly dimensions: number | null;
}

/** How documents are chunked, embedded and indexed, and where the index lives. */
export interface SearchSettings {
  readonly index: SearchIndexConfig;
  readonly embeddingEndpoint: EmbeddingEndpointSettings | null;
  readonly chunkMaxTokens: number;
  readonly chunkOverlapTokens: number;
  /** Texts per embedding request. */
  readonly embeddingBatchSize: number;
  /** Tries per embedding request before the document is indexed lexically only. */
  readonly embeddingMaxAttempts: number;
  /** First wait between tries; doubles each time. */
  readonly embeddingRetryBaseDelayMs: number;
  /** Documents waiting to be indexed before an enqueue waits for room. */
  readonly indexingQueueCapacity: number;
  readonly indexingConcurrency: number;
  /** BM25 weight of a match in the title relative to one in the text. */
  readonly titleWeight: number;
}

// A word of the title weighs as much as five in the text. Chosen on the Cranfield bench
// (bench/search-quality.bench.ts: weights 0 to 7 tried, 4-5 best, 1 below the plain BM25 baseline);
// titles summarise a document, so a boost carries over to other collections, its size less surely.
const DEFAULT_TITLE_WEIGHT = 5;

/** Parses the search variables, recording every problem by its variable name. */
export function parseSearchSettings(env: Environment, dataDir: string, problems: string[]): SearchSettings {
  const chunkMaxTokens = parseIntegerVariable(env, 'CHUNK_MAX_TOKENS', 512, { min: 16, max: 8192 }, problems);
  const chunkOverlapTokens = parseIntegerVariable(env, 'CHUNK_OVERLAP_TOKENS', 64, { min: 0, max: 4096 }, problems);
  if (chunkOverlapTokens >= chunkMaxTokens) problems.push('CHUNK_OVERLAP_TOKENS must be less than CHUNK_MAX_TOKENS');
  return {
    index: parseSearchIndexConfig(env, dataDir, problems),
    embeddingEndpoint: parseEmbeddingEndpoint(env, problems),
    chunkMaxTokens,
    chunkOverlapTokens,
    embeddingBatchSize: parseIntegerVariable(env, 'EMBEDDING_BATCH_SIZE', 64, { min: 1, max: 2048 }, problems),
    embeddingMaxAttempts: parseIntegerVariable(env, 'EMBEDDING_MAX_ATTEMPTS', 4, { min: 1, max: 20 }, problems),
    embeddingRetryBaseDelayMs: parseIntegerVariable(env, 'EMBEDDING_RETRY_BASE_DELAY_MS', 500, { min: 0, max: 60_000 }, problems),
    indexingQueueCapacity: parseIntegerVariable(env, 'INDEXING_QUEUE_CAPACITY', 1000, { min: 1, max: 1_000_000 }, problems),
    indexingConcurrency: parseIntegerVariable(env, 'INDEXING_CONCURRENCY', 8, { min: 1, max: 64 }, problems),
    titleWeight: parseTitleWeight(env, problems),
  };
}

function parseEmbeddingEndpoint(env: Environment, problems: string[]): EmbeddingEndpointSettings | null {
  const baseUrl = env.EMBEDDING_BASE_URL?.trim();
  const model = env.EMBEDDING_MODEL?.trim();
  const apiKey = env.EMBEDDING_API_KEY?.trim();
  const dimensionsSet = Boolean(env.EMBEDDING_DIMENSIONS?.trim());
  if (!baseUrl) {
    if (model || apiKey || dimensionsSet) problems.push('EMBEDDING_MODEL, EMBEDDING_API_KEY and EMBEDDING_DIMENSIONS need EMBEDDING_BASE_URL');
    return null;
  }
  if (!/^https?:\/\/.+/.test(baseUrl)) problems.push('EMBEDDING_BASE_URL must be an http(s) URL');
  if (!model) problems.push('EMBEDDING_BASE_URL is set but EMBEDDING_MODEL is not: name the embedding model the endpoint serves');
  const dimensions = dimensionsSet ? parseIntegerVariable(env, 'EMBEDDING_DIMENSIONS', 0, { min: 1, max: 16_384 }, problems) : null;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), model: model ?? '', apiKey: apiKey ? new Secret(apiKey) : null, dimensions };
}

function parseTitleWeight(env: Environment, problems: string[]): number {
  const raw = env.SEARCH_TITLE_WEIGHT?.trim();
  if (!raw) return DEFAULT_TITLE_WEIGHT;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    problems.push(`SEARCH_TITLE_WEIGHT must be a number between 0 and 100 (got "${raw}")`);
    return DEFAULT_TITLE_WEIGHT;
  }
  return value;
}
