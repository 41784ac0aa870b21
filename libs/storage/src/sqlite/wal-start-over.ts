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
 * back). SQLite then writes and fsyncs the new log's header there, and the next real commit only
 * appends. Never twice without a change of this connection's in between: a start-over that some
 * reader prevented only added a frame, which the worker would copy and report again.
 */
export class WalStartOver {
  private changesAtStartOver = -1;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DatabaseSync,
    private readonly quietMs = START_OVER_QUIET_MS,
  ) {}

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
    // Another process writing now finds the log as it is: never wait for it on the event loop.
    this.db.exec('PRAGMA busy_timeout = 0');
    try {
      this.db.exec('BEGIN IMMEDIATE');
      this.db.exec(`PRAGMA application_id = ${Number(this.db.prepare('PRAGMA application_id').get()?.application_id)}`);
      this.db.exec('COMMIT');
    } catch {
      // Busy: that writer's own commit starts the log over instead.
    } finally {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      this.db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    }
  }
}
