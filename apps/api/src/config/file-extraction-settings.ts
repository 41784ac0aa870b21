import { availableParallelism } from 'node:os';
import { parseIntegerVariable, type Environment } from '@app/storage';

/** Bounds one extraction observes inside its worker, on top of the worker's heap cap and time limit. */
export interface ExtractionLimits {
  /** Longest text handed back; longer text is cut with a marker saying so. */
  readonly maxOutputChars: number;
  /** Total uncompressed size an Office (zip) file may declare and hold. */
  readonly maxUnzippedBytes: number;
  /** Entries an Office (zip) file may hold. */
  readonly maxZipEntries: number;
  /** Deepest nesting of arrays and objects a JSON file may have. */
  readonly maxJsonDepth: number;
  /** Deepest HTML element nesting a page may have. */
  readonly maxHtmlDepth: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxOutputChars: 2_000_000,
  maxUnzippedBytes: 200 * 1024 * 1024,
  maxZipEntries: 10_000,
  maxJsonDepth: 64,
  maxHtmlDepth: 1_000,
};

/** How uploaded files' text is extracted: worker threads, their heap, time and output limits. */
export interface FileExtractionSettings {
  /** Files extracted at once, one worker thread each. */
  readonly concurrency: number;
  /** Files waiting for a worker; past it a file fails at once rather than waiting without bound. */
  readonly maxQueued: number;
  /** Time one file may take; past it the worker is terminated and the file fails. */
  readonly timeoutMs: number;
  /** Heap cap of each worker (V8 old generation); a file that needs more fails. */
  readonly maxHeapMb: number;
  readonly limits: ExtractionLimits;
}

/**
 * Reads the limits of file text extraction. One worker on a machine of two cores or fewer, so
 * extraction never takes the core that serves requests; one core in two (at most four) above that.
 */
export function parseFileExtractionSettings(env: Environment, problems: string[]): FileExtractionSettings {
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
