import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { BULK_CHECKPOINT_INTERVAL_MS, WAL_RESTART_BYTES, WalCheckpointer } from '../sqlite/wal-checkpointer';
import { CHECKPOINTS_TABLE, readOr } from './sqlite-read-tables';

/** How the read store's connection is opened. */
export interface SqliteReadConnectionOptions {
  /** Database file, or ':memory:' for a private in-memory database. */
  readonly path: string;
  /** Checkpoint the WAL from a worker thread instead of inside commits (see WalCheckpointer). Default false. */
  readonly backgroundCheckpoints?: boolean;
  /** How often those checkpoints run (DEFAULT_CHECKPOINT_INTERVAL_MS unless given). */
  readonly checkpointIntervalMs?: number;
}

const PURGE_INTERVAL_MS = 60_000;
const OPTIMIZE_INTERVAL_MS = 60_000;
// 0x10002: analyze every table that lacks or has outgrown (10x) its statistics, not only the
// tables this connection happened to query.
const OPTIMIZE = 'PRAGMA optimize = 0x10002';

/** The read store's one connection: its settings, prepared statements, write transactions and upkeep. */
export class SqliteReadConnection {
  readonly db: DatabaseSync;
  readonly path: string;
  private readonly statements = new Map<string, StatementSync>();
  private readonly checkpointer: WalCheckpointer | null;
  private readonly lastPurgeMs = new Map<string, number>();
  private lastOptimizeMs = 0;

  constructor(options: SqliteReadConnectionOptions) {
    this.path = options.path;
    // Busy waits from the first statement: a replica starting beside another finds the file locked
    // for a moment (its WAL recovery, a schema change), and journal_mode itself would fail at once.
    this.db = new DatabaseSync(options.path, { timeout: 5000 });
    // Pages stay at SQLite's 4 KiB, though a page holds only two documents of a kilobyte: 8 KiB
    // pages made a rebuild 14% faster (52,100 against 45,100 events/s), but the live projector
    // changes a few pages per event, each a WAL frame, so they doubled its WAL bytes and raised the
    // projection lag's p99 (8.8-10.2 ms against 5.3-7.6 ms in the same runs).
    this.db.exec('PRAGMA journal_mode = WAL');
    // Documents and checkpoint commit together, so a power loss can only lose whole recent units,
    // which the projector replays from the log: full fsync on every commit buys nothing here.
    this.db.exec('PRAGMA synchronous = NORMAL');
    // A store opened for bulk writes (a rebuild) is written through the bulk writer's own connection,
    // which the WAL restart (see WAL_RESTART_BYTES) would not reach: this connection would copy the
    // log on the rebuild's busiest thread to no avail. A rebuild is finite; the live store bounds it after.
    const bulk = options.checkpointIntervalMs === BULK_CHECKPOINT_INTERVAL_MS;
    this.checkpointer = options.backgroundCheckpoints
      ? WalCheckpointer.start(this.db, options.path, {
          intervalMs: options.checkpointIntervalMs,
          restartBytes: bulk ? Number.POSITIVE_INFINITY : WAL_RESTART_BYTES,
          // A rebuild's writes go through the bulk writer's connection, not this one.
          startOverWhenCopied: !bulk,
        })
      : null;
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${CHECKPOINTS_TABLE} (name TEXT PRIMARY KEY, position INTEGER NOT NULL)`,
    );
    this.db.exec(OPTIMIZE);
  }

  /** The statement of `sql`, prepared once per connection. */
  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `body` in a write transaction, rolled back if it throws. */
  transaction(body: () => void): void {
    // IMMEDIATE takes the write lock up front, so a second process waits (busy_timeout) instead of
    // failing when a deferred read transaction tries to upgrade.
    this.db.exec('BEGIN IMMEDIATE');
    try {
      body();
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Forgets the statements and upkeep times of a dropped table. */
  dropped(table: string): void {
    this.lastPurgeMs.delete(table);
    for (const sql of this.statements.keys()) {
      if (sql.includes(`"${table}"`)) this.statements.delete(sql);
    }
  }

  /** Housekeeping after writes, each kind at most once a minute: it must not tax every write. */
  afterWrite(tables: Iterable<string>): void {
    const now = Date.now();
    for (const table of tables) {
      if (now - (this.lastPurgeMs.get(table) ?? 0) >= PURGE_INTERVAL_MS) this.purgeExpired(table, now);
    }
    // Without statistics the planner guesses, and it guesses a boolean index as selective as an id
    // index: finds measured 3x slower. optimize is a no-op (~0.1 ms) unless a table needs it.
    if (now - this.lastOptimizeMs >= OPTIMIZE_INTERVAL_MS) {
      this.lastOptimizeMs = now;
      this.db.exec(OPTIMIZE);
    }
  }

  /** Deletes the rows of `table` expired at `now`. */
  // Reads already hide expired rows; purging only reclaims space, so it runs at most once a minute.
  purgeExpired(table: string, now: number): void {
    this.lastPurgeMs.set(table, now);
    readOr(undefined, () =>
      this.statement(`DELETE FROM "${table}" WHERE expires_at IS NOT NULL AND expires_at <= ?`).run(now),
    );
  }

  async close(): Promise<void> {
    this.statements.clear();
    if (!this.db.isOpen) return;
    await this.checkpointer?.stop();
    this.db.exec(OPTIMIZE);
    this.db.close();
  }
}
