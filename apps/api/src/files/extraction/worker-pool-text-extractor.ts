import { Worker } from 'node:worker_threads';
import type { FileExtractionSettings } from '../../config/file-extraction-settings';
import type { ExtractionResult, TextExtractor } from './text-extractor.port';
import type { ExtractionRequest, WorkerMessage, WorkerUsage } from './worker-messages';
import { extractionWorkerScript } from './worker-script';

/** The pool's settings, and the worker's entry when it is not the built one. */
export interface WorkerPoolOptions extends FileExtractionSettings {
  /** The worker's JavaScript entry; defaults to the built extraction.worker.js. */
  readonly workerScript?: string;
}

/** One extraction's answer and, when a worker finished it, what it used. */
export interface MeasuredExtraction {
  readonly result: ExtractionResult;
  readonly usage: WorkerUsage | null;
}

interface Job {
  readonly request: ExtractionRequest;
  readonly settle: (outcome: MeasuredExtraction) => void;
}

interface PoolWorker {
  readonly thread: Worker;
  /** Whether the worker has loaded its libraries and takes files. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** Longest a new worker may take to load its libraries, whatever the per-file limit. */
const STARTUP_LIMIT_MS = 30_000;

const failure = (reason: string): MeasuredExtraction => ({ result: { ok: false, reason }, usage: null });

/**
 * Extracts files in worker threads, so a large or hostile file never blocks the event loop that
 * serves requests. At most `concurrency` workers run, each with a capped heap; a file past its
 * time limit has its worker terminated; a worker that crashes or runs out of memory fails only
 * its own file and is replaced by the next file that needs one. Workers start on first use and
 * do not keep the process alive while idle.
 */
export class WorkerPoolTextExtractor implements TextExtractor {
  private readonly workers = new Set<PoolWorker>();
  private readonly queue: Job[] = [];
  private readonly script: string;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.script = options.workerScript ?? extractionWorkerScript();
  }

  async extract(bytes: Uint8Array, contentType: string, fileName?: string): Promise<ExtractionResult> {
    return (await this.extractMeasured(bytes, contentType, fileName)).result;
  }

  /** `extract`, with the worker's own account of the time and memory the file took. */
  extractMeasured(bytes: Uint8Array, contentType: string, fileName?: string): Promise<MeasuredExtraction> {
    if (this.closed) return Promise.resolve(failure('The extractor is shut down.'));
    return new Promise((settle) => {
      const request: ExtractionRequest = { id: this.nextId++, bytes, contentType, fileName, limits: this.options.limits };
      this.queue.push({ request, settle });
      this.dispatch();
      // Still waiting past the bound: this file (the last in) is refused rather than queued.
      if (this.queue.length > this.options.maxQueued) {
        this.queue.pop()!.settle(failure('Too many files are waiting for extraction; try again later.'));
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.settle(failure('The extractor is shutting down.'));
    await Promise.all([...this.workers].map((worker) => this.retire(worker, 'The extractor is shutting down.')));
  }

  /** Hands waiting files to idle workers, starting workers up to the concurrency. */
  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = [...this.workers].find((candidate) => candidate.job === null) ?? this.spawn();
      if (worker === null) return;
      this.start(worker, this.queue.shift()!);
    }
  }

  private spawn(): PoolWorker | null {
    if (this.workers.size >= this.options.concurrency) return null;
    const thread = new Worker(this.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb, maxYoungGenerationSizeMb: Math.min(32, Math.floor(this.options.maxHeapMb / 4)) },
      stdout: false,
      stderr: false,
    });
    const worker: PoolWorker = { thread, ready: false, job: null, timer: null };
    thread.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        worker.ready = true;
        if (worker.job !== null) this.send(worker, worker.job);
        return;
      }
      if (worker.job?.request.id !== message.id) return;
      this.finish(worker, { result: message.result, usage: message.usage });
      thread.unref();
      this.dispatch();
    });
    thread.on('error', (error: Error & { code?: string }) => {
      const reason =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `The file needs more memory to read than the ${this.options.maxHeapMb} MB allowed.`
          : `The extraction crashed: ${error.message}`;
      void this.retire(worker, reason);
    });
    thread.on('exit', () => void this.retire(worker, 'The extraction stopped unexpectedly.'));
    this.workers.add(worker);
    return worker;
  }

  private start(worker: PoolWorker, job: Job): void {
    worker.job = job;
    worker.thread.ref();
    if (worker.ready) {
      this.send(worker, job);
    } else {
      // A new worker loading its libraries (seconds on a busy machine): the file is sent once it
      // is ready, and a worker that never gets ready cannot hold the file forever.
      this.armTimer(worker, Math.max(this.options.timeoutMs, STARTUP_LIMIT_MS), 'The extraction worker did not start in time.');
    }
  }

  /** Sends the file and starts its clock: the time limit is the file's own, not the worker's start-up. */
  private send(worker: PoolWorker, job: Job): void {
    this.armTimer(worker, this.options.timeoutMs, `The extraction timed out after ${this.options.timeoutMs / 1000} s.`);
    // A copy of exactly the file's bytes, moved to the worker: a view would clone its whole backing
    // buffer, and the caller keeps its own bytes. Copied only now, so waiting files hold no copy.
    const bytes = new Uint8Array(job.request.bytes.byteLength);
    bytes.set(job.request.bytes);
    try {
      worker.thread.postMessage({ ...job.request, bytes }, [bytes.buffer]);
    } catch (error) {
      void this.retire(worker, `The file could not be handed to the extraction worker: ${(error as Error).message}`);
    }
  }

  private armTimer(worker: PoolWorker, limitMs: number, reason: string): void {
    if (worker.timer !== null) clearTimeout(worker.timer);
    worker.timer = setTimeout(() => void this.retire(worker, reason), limitMs);
  }

  private finish(worker: PoolWorker, outcome: MeasuredExtraction): void {
    if (worker.timer !== null) clearTimeout(worker.timer);
    worker.timer = null;
    const job = worker.job;
    worker.job = null;
    job?.settle(outcome);
  }

  /** Fails the worker's file with `reason`, stops the worker and lets a new one take the next file. */
  private async retire(worker: PoolWorker, reason: string): Promise<void> {
    if (!this.workers.delete(worker)) return;
    this.finish(worker, failure(reason));
    await worker.thread.terminate();
    if (!this.closed) this.dispatch();
  }
}
