/** Work on the search index, applied in the order it was enqueued for any one document. */
export type IndexingJob<TDocument> =
  | { readonly kind: 'upsert'; readonly dataSourceId: string; readonly documentId: string; readonly document: TDocument }
  | { readonly kind: 'delete'; readonly dataSourceId: string; readonly documentId: string }
  | { readonly kind: 'delete_data_source'; readonly dataSourceId: string };

/** Limits of the queue. */
export interface IndexingQueueOptions {
  /** Jobs waiting (not running) before `enqueue` waits for room. */
  readonly capacity: number;
  readonly concurrency: number;
}

/** How long jobs waited from enqueue to applied: what "search sees it within a bounded delay" measures. */
export interface IndexingDelayStats {
  readonly applied: number;
  readonly failed: number;
  readonly pending: number;
  readonly running: number;
  readonly lastDelayMs: number | null;
  readonly maxDelayMs: number | null;
}

interface Entry<TDocument> {
  readonly job: IndexingJob<TDocument>;
  readonly key: string;
  readonly enqueuedAt: number;
  readonly settle: { resolve(): void; reject(error: unknown): void };
  readonly done: Promise<void>;
}

/**
 * A bounded queue that applies index work off the request path. Jobs of one document never run
 * concurrently and run in enqueue order; a newer upsert of a document still waiting replaces the
 * waiting one (its waiters hear when the newer one is applied); deleting a data source drops its
 * waiting jobs and waits for its running ones.
 */
export class IndexingQueue<TDocument, TResult = void> {
  private readonly waiting: Entry<TDocument>[] = [];
  private readonly running = new Map<string, Entry<TDocument>>();
  private readonly roomWaiters: (() => void)[] = [];
  private readonly idleWaiters: (() => void)[] = [];
  private stats = { applied: 0, failed: 0, lastDelayMs: null as number | null, maxDelayMs: null as number | null };
  private closed = false;

  constructor(
    private readonly apply: (job: IndexingJob<TDocument>) => Promise<TResult>,
    private readonly options: IndexingQueueOptions,
    private readonly onApplied: (delayMs: number, job: IndexingJob<TDocument>, result: TResult) => void = () => undefined,
    private readonly onFailed: (error: unknown, job: IndexingJob<TDocument>) => void = () => undefined,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Accepts a job, waiting while the queue is full; the returned `applied` settles when the job
   * (or the newer job that replaced it) has been applied to the index.
   */
  async enqueue(job: IndexingJob<TDocument>): Promise<{ readonly applied: Promise<void> }> {
    while (this.waiting.length >= this.options.capacity && !this.closed) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    if (this.closed) throw new Error('the indexing queue is closed');
    const key = keyOf(job);
    if (job.kind === 'delete_data_source') this.dropWaitingOf(job.dataSourceId);
    const replaced = job.kind === 'upsert' ? this.waiting.findIndex((entry) => entry.key === key && entry.job.kind === 'upsert') : -1;
    const entry = this.entryOf(job, key);
    if (replaced >= 0) {
      const [old] = this.waiting.splice(replaced, 1, entry);
      entry.done.then(old.settle.resolve, old.settle.reject);
    } else {
      this.waiting.push(entry);
    }
    this.pump();
    return { applied: entry.done };
  }

  /** Resolves once nothing waits or runs. */
  whenIdle(): Promise<void> {
    if (this.waiting.length === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  delayStats(): IndexingDelayStats {
    return { ...this.stats, pending: this.waiting.length, running: this.running.size };
  }

  /** Refuses new jobs; those accepted still run. */
  close(): void {
    this.closed = true;
    for (const wake of this.roomWaiters.splice(0)) wake();
  }

  private entryOf(job: IndexingJob<TDocument>, key: string): Entry<TDocument> {
    let settle!: Entry<TDocument>['settle'];
    const done = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // Callers that enqueue and forget must not cause an unhandled rejection; failures are reported.
    done.catch(() => undefined);
    return { job, key, enqueuedAt: this.now(), settle, done };
  }

  private dropWaitingOf(dataSourceId: string): void {
    for (let i = this.waiting.length - 1; i >= 0; i -= 1) {
      if (this.waiting[i].job.dataSourceId === dataSourceId) this.waiting.splice(i, 1)[0].settle.resolve();
    }
  }

  private canStart(entry: Entry<TDocument>): boolean {
    for (const other of this.running.values()) {
      if (other.key === entry.key) return false;
      const sameSource = other.job.dataSourceId === entry.job.dataSourceId;
      if (sameSource && (other.job.kind === 'delete_data_source' || entry.job.kind === 'delete_data_source')) return false;
    }
    // An earlier waiting job of the same document or data source goes first.
    for (const earlier of this.waiting) {
      if (earlier === entry) break;
      if (earlier.key === entry.key) return false;
      if (earlier.job.dataSourceId === entry.job.dataSourceId && (earlier.job.kind === 'delete_data_source' || entry.job.kind === 'delete_data_source')) return false;
    }
    return true;
  }

  private pump(): void {
    while (this.running.size < this.options.concurrency) {
      const position = this.waiting.findIndex((entry) => this.canStart(entry));
      if (position < 0) break;
      const [entry] = this.waiting.splice(position, 1);
      this.running.set(entry.key, entry);
      void this.run(entry);
    }
    let room = this.options.capacity - this.waiting.length;
    while (room > 0 && this.roomWaiters.length > 0) {
      this.roomWaiters.shift()?.();
      room -= 1;
    }
    if (this.waiting.length === 0 && this.running.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private async run(entry: Entry<TDocument>): Promise<void> {
    try {
      const result = await this.apply(entry.job);
      const delayMs = this.now() - entry.enqueuedAt;
      this.stats = { ...this.stats, applied: this.stats.applied + 1, lastDelayMs: delayMs, maxDelayMs: Math.max(this.stats.maxDelayMs ?? 0, delayMs) };
      this.onApplied(delayMs, entry.job, result);
      entry.settle.resolve();
    } catch (error) {
      this.stats = { ...this.stats, failed: this.stats.failed + 1 };
      this.onFailed(error, entry.job);
      entry.settle.reject(error);
    } finally {
      this.running.delete(entry.key);
      this.pump();
    }
  }
}

function keyOf(job: IndexingJob<unknown>): string {
  return job.kind === 'delete_data_source' ? `source\u0000${job.dataSourceId}` : `document\u0000${job.dataSourceId}\u0000${job.documentId}`;
}
