import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type JsonObject,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './event-store.port';

/** Options of {@link SqliteEventStore}. */
export interface SqliteEventStoreOptions {
  /** Database file, or ':memory:' for a private in-memory store. */
  readonly path: string;
  /** How often waiting subscriptions look for commits made by other connections (other processes). Default 100. */
  readonly pollIntervalMs?: number;
}

// A subscription never holds more than one page, however far behind it is.
const PAGE_SIZE = 256;
// Other processes (the CLI) may hold the write lock briefly; wait instead of failing with SQLITE_BUSY.
const BUSY_TIMEOUT_MS = 5000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position        INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id        TEXT    NOT NULL,
    stream_name     TEXT    NOT NULL,
    stream_revision INTEGER NOT NULL,
    type            TEXT    NOT NULL,
    data            TEXT    NOT NULL,
    metadata        TEXT    NOT NULL,
    recorded_at     INTEGER NOT NULL,
    UNIQUE (stream_name, stream_revision),
    UNIQUE (stream_name, event_id)
  )`;

type Row = Record<string, SQLOutputValue>;

/** Event store on Node's built-in SQLite: one file, one table, safe to share between processes. */
export class SqliteEventStore implements EventStore {
  private readonly db: DatabaseSync;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly changes: ChangeSignal;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private closed = false;

  constructor(options: SqliteEventStoreOptions) {
    this.db = new DatabaseSync(options.path);
    this.db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.exec('PRAGMA journal_mode = WAL');
    // The log is the only copy of the truth: keep every commit durable across power loss, not just crashes.
    this.db.exec('PRAGMA synchronous = FULL');
    this.db.exec(SCHEMA);
    this.statements = prepareStatements(this.db);
    const dataVersion = this.statements.dataVersion;
    this.changes = new ChangeSignal(() => intColumn(dataVersion.get() ?? {}, 'data_version'), options.pollIntervalMs ?? 100);
  }

  async append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    assertValidExpected(expected);
    const { result, inserted } = this.inImmediateTransaction(() => this.appendInTransaction(streamName, events, expected));
    // Same-process subscribers learn about the commit now; other processes see it through their poll.
    if (inserted) this.changes.notify();
    return result;
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readStream.all(streamName, options.fromRevision ?? 0, options.maxCount ?? -1);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.statements.readAll.all(options.after ?? 0, options.maxCount ?? -1).map(toRecordedEvent);
  }

  subscribeToAll(options: { readonly after?: number } = {}): EventSubscription {
    return this.track({
      start: options.after ?? 0,
      readAfter: (position) => this.statements.readAll.all(position, PAGE_SIZE).map(toRecordedEvent),
      cursorOf: (event) => event.position,
    });
  }

  subscribeToStream(streamName: string, options: { readonly afterRevision?: number } = {}): EventSubscription {
    return this.track({
      start: options.afterRevision ?? -1,
      readAfter: (revision) => this.statements.readStream.all(streamName, revision + 1, PAGE_SIZE).map(toRecordedEvent),
      cursorOf: (event) => event.revision,
    });
  }

  async headPosition(): Promise<number> {
    return nullableIntColumn(this.statements.headPosition.get() ?? {}, 'position') ?? 0;
  }

  async ping(): Promise<boolean> {
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.changes.stop();
    this.db.close();
  }

  private appendInTransaction(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): { result: AppendResult; inserted: boolean } {
    const current = nullableIntColumn(this.statements.streamRevision.get(streamName) ?? {}, 'revision') ?? -1;
    const fresh: NewEvent[] = [];
    const batchIds = new Set<string>();
    let lastExisting: AppendResult | undefined;
    for (const event of events) {
      if (batchIds.has(event.id)) continue;
      batchIds.add(event.id);
      const row = this.statements.findEvent.get(streamName, event.id);
      if (row === undefined) {
        fresh.push(event);
        continue;
      }
      const existing = { nextRevision: intColumn(row, 'stream_revision'), position: intColumn(row, 'position') };
      if (lastExisting === undefined || existing.nextRevision > lastExisting.nextRevision) lastExisting = existing;
    }
    // A retried append whose events all landed already succeeds whatever the stream did since (as EventStoreDB).
    if (fresh.length === 0 && lastExisting !== undefined) return { result: lastExisting, inserted: false };
    const matches = expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === current);
    if (!matches) throw new WrongExpectedRevisionError(streamName, expected, current === -1 ? 'no_stream' : current);

    let revision = current;
    let position = current === -1 ? 0 : intColumn(this.statements.positionAt.get(streamName, current) ?? {}, 'position');
    const recordedAt = Date.now();
    for (const event of fresh) {
      revision += 1;
      const data = JSON.stringify(event.data);
      const metadata = JSON.stringify(event.metadata);
      const run = this.statements.insert.run(event.id, streamName, revision, event.type, data, metadata, recordedAt);
      position = Number(run.lastInsertRowid);
    }
    return { result: { nextRevision: revision, position }, inserted: fresh.length > 0 };
  }

  private inImmediateTransaction<T>(work: () => T): T {
    // IMMEDIATE takes the write lock up front, so the revision check and the inserts see the same stream.
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

  private track(source: SubscriptionSource): EventSubscription {
    if (this.closed) throw new Error('SqliteEventStore is closed');
    const subscription = new SqliteSubscription(source, this.changes, (closed) => this.subscriptions.delete(closed));
    this.subscriptions.add(subscription);
    return subscription;
  }
}

function prepareStatements(db: DatabaseSync): Record<
  'streamRevision' | 'findEvent' | 'positionAt' | 'insert' | 'readStream' | 'readAll' | 'headPosition' | 'dataVersion',
  StatementSync
> {
  const columns = 'position, event_id, stream_name, stream_revision, type, data, metadata, recorded_at';
  return {
    streamRevision: db.prepare('SELECT max(stream_revision) AS revision FROM events WHERE stream_name = ?'),
    findEvent: db.prepare('SELECT stream_revision, position FROM events WHERE stream_name = ? AND event_id = ?'),
    positionAt: db.prepare('SELECT position FROM events WHERE stream_name = ? AND stream_revision = ?'),
    insert: db.prepare(
      `INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    readStream: db.prepare(
      `SELECT ${columns} FROM events WHERE stream_name = ? AND stream_revision >= ? ORDER BY stream_revision LIMIT ?`,
    ),
    readAll: db.prepare(`SELECT ${columns} FROM events WHERE position > ? ORDER BY position LIMIT ?`),
    headPosition: db.prepare('SELECT max(position) AS position FROM events'),
    // Changes whenever ANOTHER connection commits to the file: a cheap way to notice other processes.
    dataVersion: db.prepare('PRAGMA data_version'),
  };
}

function assertValidExpected(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`Expected revision must be a non-negative integer, got ${expected}`);
  }
}

/**
 * Wakes waiting subscriptions: at once for commits of this connection (`notify`), and by polling
 * `PRAGMA data_version` for commits of other connections. Polls only while somebody waits.
 */
class ChangeSignal {
  private readonly waiters = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  // Updated only by poll ticks: any commit after a subscriber's last empty read differs from it at the next tick.
  private lastDataVersion: number;

  constructor(
    private readonly readDataVersion: () => number,
    private readonly pollIntervalMs: number,
  ) {
    this.lastDataVersion = readDataVersion();
  }

  /** Registers a waiter synchronously; the promise settles at the next change or when cancelled. */
  wait(): { changed: Promise<void>; cancel: () => void } {
    let wake = (): void => undefined;
    const changed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    this.waiters.add(wake);
    this.timer ??= setInterval(() => this.poll(), this.pollIntervalMs);
    return {
      changed,
      cancel: () => {
        this.waiters.delete(wake);
        wake();
        if (this.waiters.size === 0) this.stopPolling();
      },
    };
  }

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    this.stopPolling();
    for (const wake of waiters) wake();
  }

  stop(): void {
    this.notify();
  }

  private poll(): void {
    const version = this.readDataVersion();
    if (version === this.lastDataVersion) return;
    this.lastDataVersion = version;
    this.notify();
  }

  private stopPolling(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

interface SubscriptionSource {
  /** Cursor before the first event to deliver. */
  readonly start: number;
  /** Up to one page of events after the cursor, in order. */
  readonly readAfter: (cursor: number) => RecordedEvent[];
  readonly cursorOf: (event: RecordedEvent) => number;
}

/** Catches up page by page from the cursor, then waits for the next change and reads again. */
class SqliteSubscription implements EventSubscription {
  private cursor: number;
  private closed = false;
  private iterating = false;
  private cancelWait: (() => void) | undefined;

  constructor(
    private readonly source: SubscriptionSource,
    private readonly changes: ChangeSignal,
    private readonly onClose: (subscription: SqliteSubscription) => void,
  ) {
    this.cursor = source.start;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent> {
    if (this.iterating) throw new Error('A subscription can be iterated only once');
    this.iterating = true;
    try {
      while (!this.closed) {
        const page = this.source.readAfter(this.cursor);
        if (page.length === 0) {
          // Read and wait registration happen in the same tick, so no commit can slip between them.
          const { changed, cancel } = this.changes.wait();
          this.cancelWait = cancel;
          await changed;
          this.cancelWait = undefined;
          continue;
        }
        for (const event of page) {
          if (this.closed) return;
          this.cursor = this.source.cursorOf(event);
          yield event;
        }
        // Reads are synchronous: between full pages of a long catch-up, let timers and I/O of the process run.
        if (page.length === PAGE_SIZE) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelWait?.();
    this.onClose(this);
  }
}

function toRecordedEvent(row: Row): RecordedEvent {
  const data: unknown = JSON.parse(textColumn(row, 'data'));
  const metadata: unknown = JSON.parse(textColumn(row, 'metadata'));
  const id = textColumn(row, 'event_id');
  if (!isJsonObject(data) || !isEventMetadata(metadata)) throw new Error(`Event ${id} is not stored as JSON objects`);
  return {
    id,
    streamName: textColumn(row, 'stream_name'),
    revision: intColumn(row, 'stream_revision'),
    position: intColumn(row, 'position'),
    type: textColumn(row, 'type'),
    data,
    metadata,
    recordedAt: intColumn(row, 'recorded_at'),
  };
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return isJsonObject(value) && typeof value.schemaVersion === 'number';
}

function nullableIntColumn(row: Row, name: string): number | undefined {
  const value = row[name];
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new Error(`Column ${name} is not an integer`);
}

function intColumn(row: Row, name: string): number {
  const value = nullableIntColumn(row, name);
  if (value === undefined) throw new Error(`Column ${name} is null`);
  return value;
}

function textColumn(row: Row, name: string): string {
  const value = row[name];
  if (typeof value !== 'string') throw new Error(`Column ${name} is not text`);
  return value;
}
