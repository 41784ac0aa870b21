import { DatabaseSync } from 'node:sqlite';
import {
  type AppendOptions,
  type AppendResult,
  type CommitListener,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './event-store.port';
import { serializeStorableEvents, type SerializedEvent } from './storable-event';
import { intColumn, nullableIntColumn, prepareStatements, readEventRows, readEvents, SCHEMA, toRecordedEvent } from './sqlite-event-schema';
import { RecentEventRows } from './recent-event-rows';
import { ChangeSignal, SqliteSubscription, SUBSCRIPTION_PAGE_SIZE, type SubscriptionSource } from './sqlite-event-subscription';
import { SqliteGroupCommit } from './sqlite-group-commit';
import { SqliteLogPages } from './sqlite-log-pages';
import { isInMemory, WalCheckpointer } from '../sqlite/wal-checkpointer';
import { WalSyncer } from '../sqlite/wal-syncer';

/** What one append wrote: its result, and the events as recorded when commit listeners want them. */
interface Written {
  readonly result: AppendResult;
  readonly events: readonly RecordedEvent[];
}

/** Options of {@link SqliteEventStore}. */
export interface SqliteEventStoreOptions {
  /** Database file, or ':memory:' for a private in-memory store. */
  readonly path: string;
  /** How often waiting subscriptions look for commits made by other connections (other processes). Default 100. */
  readonly pollIntervalMs?: number;
  /**
   * Checkpoint the WAL from a worker thread instead of inside commits (see WalCheckpointer), and
   * fsync it from the thread pool instead of inside COMMIT (see WalSyncer). Default false.
   */
  readonly backgroundCheckpoints?: boolean;
}

// Other processes (the CLI) may hold the write lock briefly; wait instead of failing with SQLITE_BUSY.
const BUSY_TIMEOUT_MS = 5000;

/**
 * The newest rows held for the subscriptions (see RecentEventRows): the last eighth of a second of a
 * log taking 2,000 events/s, more than the few milliseconds a subscription that keeps up lags behind.
 * Held for about a second (2,048 rows), the rows outlived two young-generation collections and were
 * copied into the old one, where they died: half the bytes promoted under 2,000 events/s (47 MB of
 * 14 scavenges against 24.6 MB with 256 rows), and scavenge pauses are what the projection lag's
 * tail is made of.
 */
const RECENT_ROWS_LIMITS = { rows: 256, chars: 8 * 1024 * 1024 };

/**
 * Event store on Node's built-in SQLite: one file, one table, safe to share between processes.
 * Appends issued in the same turn of the event loop share one transaction and one fsync (group
 * commit), each with its own revision check.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: DatabaseSync;
  private readonly path: string;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly changes: ChangeSignal;
  private readonly groupCommit: SqliteGroupCommit;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly checkpointer: WalCheckpointer | null;
  private readonly walSyncer: WalSyncer | null;
  /**
   * Last position known to be durable. Readers of the log (readAll, subscriptions) stop there:
   * with the WAL synced off the event loop, a commit is visible to readers of the file a moment
   * before its flush ends, and nothing may be derived (read models, SSE frames) from an event a
   * power cut could still take back. Without a WalSyncer every commit is durable when visible.
   */
  private durableHead = Number.MAX_SAFE_INTEGER;
  /** Held only where the log is flushed here (WalSyncer): the durable head then moves in makeDurable. */
  private recent: RecentEventRows | null = null;
  private readonly commitListeners = new Set<CommitListener>();
  private closed = false;

  constructor(options: SqliteEventStoreOptions) {
    this.path = options.path;
    // Busy waits from the first statement (replicas starting together), not only after this pragma's turn.
    this.db = new DatabaseSync(options.path, { timeout: BUSY_TIMEOUT_MS });
    this.db.exec('PRAGMA journal_mode = WAL');
    // The log is the only copy of the truth: keep every commit durable across power loss, not just
    // crashes. Either COMMIT fsyncs (FULL), or it only writes (NORMAL) and WalSyncer fsyncs before
    // anyone hears of the commit. NORMAL still syncs around a checkpoint this connection would run.
    // The log starts over during a pause, not in the first append after it (the first token of an
    // answer after the model's silence).
    this.checkpointer = options.backgroundCheckpoints ? WalCheckpointer.start(this.db, options.path, { startOverWhenCopied: true }) : null;
    this.walSyncer = this.checkpointer ? new WalSyncer(`${options.path}-wal`) : null;
    this.db.exec(this.walSyncer ? 'PRAGMA synchronous = NORMAL' : 'PRAGMA synchronous = FULL');
    this.db.exec(SCHEMA);
    this.statements = prepareStatements(this.db);
    const dataVersion = this.statements.dataVersion;
    const makeDurable = this.walSyncer ? () => this.makeDurable() : undefined;
    if (this.walSyncer) {
      this.walSyncer.syncNow();
      this.durableHead = this.head();
      this.recent = new RecentEventRows(RECENT_ROWS_LIMITS, this.durableHead);
    }
    // Commits of other processes are heard of by polling; with the WAL synced here, only once a flush covers them.
    this.changes = new ChangeSignal(() => intColumn(dataVersion.get() ?? {}, 'data_version'), options.pollIntervalMs ?? 100, makeDurable);
    // Same-process subscribers learn about a commit now; other processes see it through their poll.
    this.groupCommit = new SqliteGroupCommit(this.db, () => this.changes.notify(), makeDurable, (values) => this.written(values as readonly Written[]));
  }

  async append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision, options: AppendOptions = {}): Promise<AppendResult> {
    assertValidExpected(expected);
    const texts = serializeStorableEvents(streamName, events);
    if (this.closed) throw new Error('SqliteEventStore is closed');
    const written = await this.groupCommit.run(() => this.appendInTransaction(streamName, events, texts, expected), options.urgent === true);
    return written.result;
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return readEvents(this.statements.readStream, streamName, options.fromRevision ?? 0, options.maxCount ?? -1);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAfter(options.after ?? 0, options.maxCount ?? -1);
  }

  /**
   * Pages of the durable log from `after` to its head, each page read on a connection and thread of
   * their own while the caller works on the one before (see SqliteLogPages). In memory, where no
   * second connection can open the database, the pages are read here.
   */
  async *readAllPages(options: { readonly after: number; readonly pageSize: number }): AsyncGenerator<RecordedEvent[]> {
    if (isInMemory(this.path)) {
      for (let page = this.readAfter(options.after, options.pageSize); page.length > 0; page = this.readAfter(page[page.length - 1]!.position, options.pageSize)) yield page;
      return;
    }
    const reader = new SqliteLogPages(this.path);
    let next = reader.read(options.after, this.durableHead, options.pageSize);
    try {
      for (let rows = await next; rows.length > 0; rows = await next) {
        // The next page is read while the caller works on this one.
        next = reader.read(Number(rows[rows.length - 1]![0]), this.durableHead, options.pageSize);
        yield rows.map(toRecordedEvent);
      }
    } finally {
      await next.catch(() => undefined);
      await reader.close();
    }
  }

  subscribeToAll(options: { readonly after?: number } = {}): EventSubscription {
    return this.track({
      start: options.after ?? 0,
      readAfter: (position) => this.readAfter(position, SUBSCRIPTION_PAGE_SIZE),
      cursorOf: (event) => event.position,
    });
  }

  subscribeToStream(streamName: string, options: { readonly afterRevision?: number } = {}): EventSubscription {
    return this.track({
      start: options.afterRevision ?? -1,
      readAfter: (revision) => {
        const events = readEvents(this.statements.readStream, streamName, revision + 1, SUBSCRIPTION_PAGE_SIZE);
        // A stream's positions grow with its revisions: what follows the first event past the durable head is past it too.
        const beyond = events.findIndex((event) => event.position > this.durableHead);
        return beyond === -1 ? events : events.slice(0, beyond);
      },
      cursorOf: (event) => event.revision,
    });
  }

  watchCommits(listener: CommitListener): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  async headPosition(): Promise<number> {
    return this.head();
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
    this.groupCommit.flush();
    await this.walSyncer?.close();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.changes.stop();
    await this.checkpointer?.stop();
    this.db.close();
  }

  private appendInTransaction(
    streamName: string,
    events: readonly NewEvent[],
    texts: readonly SerializedEvent[],
    expected: ExpectedRevision,
  ): Written {
    const current = nullableIntColumn(this.statements.streamRevision.get(streamName) ?? {}, 'revision') ?? -1;
    /** Indexes in `events` of the events to insert. */
    const fresh: number[] = [];
    const batchIds = new Set<string>();
    let lastExisting: AppendResult | undefined;
    for (const [index, event] of events.entries()) {
      if (batchIds.has(event.id)) continue;
      batchIds.add(event.id);
      const row = this.statements.findEvent.get(streamName, event.id);
      if (row === undefined) {
        fresh.push(index);
        continue;
      }
      const existing = { nextRevision: intColumn(row, 'stream_revision'), position: intColumn(row, 'position') };
      if (lastExisting === undefined || existing.nextRevision > lastExisting.nextRevision) lastExisting = existing;
    }
    // A retried append whose events all landed already succeeds whatever the stream did since (as EventStoreDB).
    if (fresh.length === 0 && lastExisting !== undefined) return { result: lastExisting, events: [] };
    const matches = expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === current);
    if (!matches) throw new WrongExpectedRevisionError(streamName, expected, current === -1 ? 'no_stream' : current);

    let revision = current;
    let position = current === -1 ? 0 : intColumn(this.statements.positionAt.get(streamName, current) ?? {}, 'position');
    const recordedAt = Date.now();
    // Built only for listeners, from the stored text: what they get is what a reader of the log gets.
    const recorded: RecordedEvent[] = [];
    const heard = this.commitListeners.size > 0;
    for (const index of fresh) {
      const event = events[index]!;
      const { data, metadata } = texts[index]!;
      revision += 1;
      const run = this.statements.insert.run(event.id, streamName, revision, event.type, data, metadata, recordedAt);
      position = Number(run.lastInsertRowid);
      if (heard) recorded.push(toRecordedEvent([position, event.id, streamName, revision, event.type, data, metadata, recordedAt]));
    }
    return { result: { nextRevision: revision, position }, events: recorded };
  }

  /** Tells the commit listeners what a group just committed, once the committing call has returned. */
  private written(values: readonly Written[]): void {
    if (this.commitListeners.size === 0) return;
    const events = values.flatMap((value) => value.events);
    if (events.length === 0) return;
    const listeners = [...this.commitListeners];
    queueMicrotask(() => {
      for (const listener of listeners) {
        try {
          listener(events);
        } catch {
          // A listener's failure is its own (hints only); the commit and the other listeners go on.
        }
      }
    });
  }

  private head(): number {
    return nullableIntColumn(this.statements.headPosition.get() ?? {}, 'position') ?? 0;
  }

  /** Flushes the WAL; then everything committed before the call, by any connection, is durable. */
  private async makeDurable(): Promise<void> {
    const head = this.head();
    await this.walSyncer?.sync();
    if (head <= this.durableHead) return;
    // Read once here the rows every subscription of the process is about to ask for.
    this.recent?.advance(head, (from, to) => readEventRows(this.statements.readAll, from, to, -1));
    this.durableHead = head;
  }

  /** Durable events after a position, from the rows held in memory when they reach back that far. */
  private readAfter(position: number, maxCount: number): RecordedEvent[] {
    // The rows held always end at the durable head: both move together in makeDurable.
    const held = this.recent?.after(position, maxCount);
    if (held !== undefined) return held.map(toRecordedEvent);
    return readEvents(this.statements.readAll, position, this.durableHead, maxCount);
  }

  private track(source: SubscriptionSource): EventSubscription {
    if (this.closed) throw new Error('SqliteEventStore is closed');
    const subscription = new SqliteSubscription(source, this.changes, (closed) => this.subscriptions.delete(closed));
    this.subscriptions.add(subscription);
    return subscription;
  }
}

function assertValidExpected(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`Expected revision must be a non-negative integer, got ${expected}`);
  }
}
