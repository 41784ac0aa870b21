import type { ExtractionLimits } from '../../config/file-extraction-settings';
import type { ExtractionResult } from './text-extractor.port';

/** What the pool sends a worker: one file to extract. */
export interface ExtractionRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly fileName?: string;
  readonly limits: ExtractionLimits;
}

/** Resources one extraction used, measured by the worker when it finished. */
export interface WorkerUsage {
  readonly elapsedMs: number;
  /** V8 heap of the worker after the extraction (its heap does not shrink before the next collection). */
  readonly heapTotalBytes: number;
  readonly heapUsedBytes: number;
  /** Memory outside the V8 heap the worker's isolate accounts for (array buffers of the file and the libraries). */
  readonly externalBytes: number;
  /** Peak resident memory of the whole process so far (workers share the process). */
  readonly processMaxRssBytes: number;
}

/** What a worker says: it has loaded its readers and takes files, or it has finished one. */
export type WorkerMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'done'; readonly id: number; readonly result: ExtractionResult; readonly usage: WorkerUsage };
