import type { DatabaseSync } from 'node:sqlite';

/**
 * How long the writing connection must have committed nothing before it starts the log over. A
 * writer that keeps committing starts it over in its next commit anyway, and a start-over between
 * its commits would only add a transaction (projection-lag bench at 1,000 events/s: p99 0.77-1.0 ms
 * with start-overs at once, against 0.65-0.82 ms without, 4 alternating pairs).
 */
export const START_OVER_QUIET_MS = 5;

/**
 * The writing connection's part of `startOverWhenCopied` (see WalCheckpointer): told that a round
 * of the worker copied the whole write-ahead log, it starts the log over once it has been quiet for
 * START_OVER_QUIET_MS, with a commit that changes nothing (the file's own `application_id` written
 * back). SQLite then writes the new log's header there, and the next real commit only appends.
 * Never twice without a change of this connection's in between: a start-over that some reader
 * prevented only added a frame, which the worker would copy and report again.
 *
 * SQLite fsyncs that header inside the commit, on the event loop, before any frame follows it (an
 * out-of-order write after a start-over could otherwise corrupt the file at a power cut). Given
 * `syncLog`, which flushes the log off the event loop (WalSyncer), the start-over commit runs with
 * `synchronous = OFF` instead, so that SQLite skips that fsync, and `syncLog` makes the header
 * durable on the thread pool; until it has, `headerSync` holds the flush, and the connection's next
 * commit must wait for it (SqliteGroupCommit's `beforeWriting`), while an empty transaction keeps
 * the write lock from other connections: the header is still durable before any frame is written
 * after it. The start-over's own frame changes nothing, so it needs no flush.
 * (At 2,000 events/s those fsyncs took the event loop 0.1-3 ms each, several times a second.)
 */
export class WalStartOver {
  private changesAtStartOver = -1;
  private timer: NodeJS.Timeout | undefined;
  private pendingSync: Promise<void> | null = null;

  constructor(
    private readonly db: DatabaseSync,
    private readonly quietMs = START_OVER_QUIET_MS,
    /** Flushes the write-ahead log (all of it, header included) off the event loop; see the class. */
    private readonly syncLog?: () => Promise<void>,
  ) {}

  /** The flush of a new log's header under way, which commits must wait for; null when none is. */
  get headerSync(): Promise<void> | null {
    return this.pendingSync;
  }

  /** The worker's last round copied every frame of the log. */
  copied(): void {
    const changes = this.totalChanges();
    if (changes === null || changes === this.changesAtStartOver) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.totalChanges() === changes) this.startOver(changes);
    }, this.quietMs);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Rows this connection changed since it opened; null once it is closed. */
  private totalChanges(): number | null {
    return this.db.isOpen ? Number(this.db.prepare('SELECT total_changes() AS n').get()?.n) : null;
  }

  private startOver(changes: number): void {
    // Between two transactions only: they run whole within one turn of the event loop.
    if (this.db.isTransaction) return;
    this.changesAtStartOver = changes;
    const busyTimeoutMs = Number(this.db.prepare('PRAGMA busy_timeout').get()?.timeout);
    const synchronous = Number(this.db.prepare('PRAGMA synchronous').get()?.synchronous);
    // Another process writing now finds the log as it is: never wait for it on the event loop.
    this.db.exec('PRAGMA busy_timeout = 0');
    // The header is flushed below, off the event loop (see the class).
    if (this.syncLog) this.db.exec('PRAGMA synchronous = OFF');
    let committed = false;
    let holdingLock = false;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      this.db.exec(`PRAGMA application_id = ${Number(this.db.prepare('PRAGMA application_id').get()?.application_id)}`);
      this.db.exec('COMMIT');
      committed = true;
      if (this.syncLog) {
        this.db.exec(`PRAGMA synchronous = ${synchronous}`);
        // The write lock, held by an empty transaction until the header is durable: no other
        // connection (another process's writer) writes a frame after it before then.
        this.db.exec('BEGIN IMMEDIATE');
        holdingLock = true;
      }
    } catch {
      // Busy: that writer's own commit starts the log over instead (or, after the start-over, its
      // own flush covers the header before it acknowledges anything).
    } finally {
      if (this.db.isTransaction && !holdingLock) this.db.exec('ROLLBACK');
      this.db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
      if (this.syncLog && !committed) this.db.exec(`PRAGMA synchronous = ${synchronous}`);
    }
    if (committed && this.syncLog) this.flushHeader(this.syncLog, holdingLock);
  }

  private flushHeader(syncLog: () => Promise<void>, holdingLock: boolean): void {
    const flush: Promise<void> = syncLog()
      // A failed flush is the next commit's to find: its own flush (makeDurable) fails the same way.
      .catch(() => undefined)
      .finally(() => {
        // The empty transaction writes nothing: committing it only lets go of the lock.
        if (holdingLock && this.db.isOpen && this.db.isTransaction) this.db.exec('COMMIT');
        if (this.pendingSync === flush) this.pendingSync = null;
      });
    this.pendingSync = flush;
  }
}
