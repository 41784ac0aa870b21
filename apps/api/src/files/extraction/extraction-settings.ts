import { availableParallelism } from 'node:os';
import { parseIntegerVariable, type Environment } from '@app/storage';
import { DEFAULT_EXTRACTION_LIMITS } from './extraction-limits';
import type { WorkerPoolOptions } from './worker-pool-text-extractor';

/**
 * Reads the limits of file text extraction. One worker on a machine of two cores or fewer, so
 * extraction never takes the core that serves requests; one core in two (at most four) above that.
 */
export function parseFileExtractionSettings(env: Environment, problems: string[]): WorkerPoolOptions {
  const cores = availableParallelism();
  const defaultConcurrency = cores <= 2 ? 1 : Math.min(4, Math.floor(cores / 2));
  return {
    concurrency: parseIntegerVariable(env, 'FILE_EXTRACTION_CONCURRENCY', defaultConcurrency, { min: 1, max: 64 }, problems),
    maxQueued: parseIntegerVariable(env, 'FILE_EXTRACTION_QUEUE_LIMIT', 100, { min: 0, max: 100_000 }, problems),
    timeoutMs: parseIntegerVariable(env, 'FILE_EXTRACTION_TIMEOUT_MS', 30_000, { min: 100, max: 3_600_000 }, problems),
    maxHeapMb: parseIntegerVariable(env, 'FILE_EXTRACTION_HEAP_MB', 512, { min: 32, max: 16_384 }, problems),
    limits: {
      ...DEFAULT_EXTRACTION_LIMITS,
      maxOutputChars: parseIntegerVariable(env, 'FILE_EXTRACTION_MAX_CHARS', DEFAULT_EXTRACTION_LIMITS.maxOutputChars, { min: 1_000, max: 500_000_000 }, problems),
    },
  };
}
