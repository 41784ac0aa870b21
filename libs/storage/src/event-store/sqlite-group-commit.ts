import type { DatabaseSync } from 'node:sqlite';

/** Most pieces of work one transaction takes; the rest wait for the next one, so a burst cannot hold the lock unboundedly. */
export const MAX_GROUP_SIZE = 512;

interface Queued {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Settled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/**
 * Group commit on one SQLite connection: pieces of work queued in the same turn of the event loop
 * run in ONE write transaction, so they share one COMMIT and one fsync of the log. Each piece runs
 * inside its own savepoint: one that throws is rolled back and rejected alone while the others
 * commit. Every promise settles only once the group is durable (after COMMIT, or after
 * `makeDurable` when COMMIT does not sync), so a resolved piece is durable.
 */
export class SqliteGroupCommit {
  private queue: Queued[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  /** Groups committed whose flush has not finished yet. */
  private flushing = 0;

  constructor(
    private readonly db: DatabaseSync,
    /** Called once after a commit in which at least one piece of work succeeded (and it is durable). */
    private readonly onCommitted: () => void,
    /**
     * Makes what was just committed durable, when COMMIT itself does not (see WalSyncer). Absent:
     * the connection's COMMIT is durable (`synchronous = FULL`).
     */
    private readonly makeDurable?: () => Promise<void>,
    /**
     * Called right after COMMIT, before the group is durable, with the values of the pieces that
     * succeeded (in queue order), when at least one did. For hints only (see CommitListener).
     */
    private readonly onWritten?: (values: readonly unknown[]) => void,
  ) {}

  /** Queues `work` for the next group transaction; resolves with its value once the group committed. */
  run<T>(work: () => T, urgent = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (urgent && this.idle()) {
        this.flush();
        return;
      }
      // setImmediate, not a microtask: requests read in the same poll phase of the loop join one group.
      this.scheduled ??= setImmediate(() => this.flush());
    });
  }

  /** Commits everything queued now (also used before closing the connection). */
  flush(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, MAX_GROUP_SIZE);
      this.commitGroup(group);
    }
  }

  /**
   * Whether urgent work may commit at once instead of on the loop's next turn: only when a flush
   * outside COMMIT makes it durable and none is running. Then its own flush starts now, instead of
   * after the rest of the turn (a model stream's next events, a response's rendering). Not for
   * every append: right after a flush, a burst of requests is about to arrive, and the first of
   * them committing alone would make the others wait for a second flush.
   */
  private idle(): boolean {
    return this.makeDurable !== undefined && this.flushing === 0 && this.scheduled === undefined && this.queue.length === 1;
  }

  private commitGroup(group: readonly Queued[]): void {
    let outcomes: Settled[];
    try {
      outcomes = this.inImmediateTransaction(() => group.map((queued) => this.inSavepoint(queued.work)));
    } catch (error) {
      // BEGIN or COMMIT failed (the lock stayed busy, the disk refused): nothing of the group is durable.
      for (const queued of group) queued.reject(error);
      return;
    }
    if (this.onWritten) {
      const written = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
      if (written.length > 0) this.onWritten(written);
    }
    if (!this.makeDurable || !outcomes.some((outcome) => outcome.ok)) {
      this.settle(group, outcomes);
      return;
    }
    // Nobody hears of the group before it is durable: neither its writers nor the subscribers.
    this.flushing += 1;
    this.makeDurable()
      .finally(() => (this.flushing -= 1))
      .then(
        () => this.settle(group, outcomes),
        (error: unknown) => {
          for (const queued of group) queued.reject(error);
        },
      );
  }

  private settle(group: readonly Queued[], outcomes: readonly Settled[]): void {
    if (outcomes.some((outcome) => outcome.ok)) this.onCommitted();
    group.forEach((queued, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok === true) queued.resolve(outcome.value);
      else queued.reject(outcome?.error);
    });
  }

  private inSavepoint(work: () => unknown): Settled {
    this.db.exec('SAVEPOINT append');
    try {
      const value = work();
      this.db.exec('RELEASE append');
      return { ok: true, value };
    } catch (error) {
      this.db.exec('ROLLBACK TO append');
      this.db.exec('RELEASE append');
      return { ok: false, error };
    }
  }

  private inImmediateTransaction<T>(work: () => T): T {
    // IMMEDIATE takes the write lock up front, so revision checks and inserts see the same streams.
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }
}
