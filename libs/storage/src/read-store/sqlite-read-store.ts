import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { indexLayoutOf } from './index-keys';
import type { BulkWriter, CollectionSpec, FindQuery, IndexSpec, PutOptions, ReadDocument, ReadOptions, ReadStore, WriteUnit } from './read-store.port';
import { DEFAULT_READ_CACHE_LIMITS, SqliteReadCache, type ReadCacheLimits } from './sqlite-read-cache';
import { currentReadScope } from './read-scope';
import { countStatement, directionOf, extractOf, findStatement, LIVE, type FieldColumns } from './sqlite-read-query';
import { columnOf, fieldColumnsOf, fieldValueOf, indexedFieldsOf } from './sqlite-field-columns';
import { BULK_CHECKPOINT_INTERVAL_MS, isInMemory, WAL_RESTART_BYTES, WalCheckpointer } from '../sqlite/wal-checkpointer';
import { SqliteBulkTransactions, type BulkTransaction } from '../sqlite/sqlite-bulk-transactions';
import { CHECKPOINTS_TABLE, isCollectionName, isMissingTable, parseDocument, TABLE_PREFIX, tableOf } from './sqlite-read-tables';

/** Options of the SQLite read store. */
export interface SqliteReadStoreOptions {
  /** Database file, or ':memory:' for a private in-memory database. */
  readonly path: string;
  /** Bounds of the cache of parsed answers (`maxChars: 0` turns it off). */
  readonly cache?: ReadCacheLimits;
  /** Checkpoint the WAL from a worker thread instead of inside commits (see WalCheckpointer). Default false. */
  readonly backgroundCheckpoints?: boolean;
  /** How often those checkpoints run (DEFAULT_CHECKPOINT_INTERVAL_MS unless given). */
  readonly checkpointIntervalMs?: number;
}

const PURGE_INTERVAL_MS = 60_000;
// How long one request's check for other connections' commits covers its later reads. Longer than
// a request takes, short enough that a long-lived one (a stream) still sees others' commits soon.
const SCOPE_CHECK_MS = 20;
const OPTIMIZE_INTERVAL_MS = 60_000;
// 0x10002: analyze every table that lacks or has outgrown (10x) its statistics, not only the
// tables this connection happened to query.
const OPTIMIZE = 'PRAGMA optimize = 0x10002';

/** A table as this connection writes and queries it: its field columns and the upsert filling them. */
interface TableLayout {
  readonly columns: FieldColumns;
  /** The path of each column's field, split, in the upsert's parameter order. */
  readonly paths: ReadonlyArray<readonly string[]>;
  readonly upsertSql: string;
  /** Prepared on the first write: preparing fails while the table is missing. */
  upsert: StatementSync | null;
}

const CHECKPOINT_UPSERT = `INSERT INTO ${CHECKPOINTS_TABLE} (name, position) VALUES (?, ?)
  ON CONFLICT(name) DO UPDATE SET position = excluded.position`;

/** Read store on Node's built-in SQLite: one table per collection, JSON documents, one writer. */
export class SqliteReadStore implements ReadStore {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /**
   * The layout of each table met, kept apart from `statements` so a write neither builds nor hashes
   * its SQL. Valid while the schema is: another connection may add field columns (ensureCollection).
   */
  private readonly layouts = new Map<string, TableLayout>();
  private schemaVersion: unknown = null;
  private readonly lastPurgeMs = new Map<string, number>();
  private lastOptimizeMs = 0;
  private readonly cache: SqliteReadCache;
  private readonly checkpointer: WalCheckpointer | null;
  private dataVersion: unknown = null;
  private readonly path: string;

  constructor(options: SqliteReadStoreOptions) {
    this.path = options.path;
    this.cache = new SqliteReadCache(options.cache ?? DEFAULT_READ_CACHE_LIMITS);
    this.db = new DatabaseSync(options.path);
    // Pages stay at SQLite's 4 KiB, though a page holds only two documents of a kilobyte: 8 KiB
    // pages made a rebuild 14% faster (52,100 against 45,100 events/s), but the live projector
    // changes a few pages per event, each a WAL frame, so they doubled its WAL bytes and raised the
    // projection lag's p99 (8.8-10.2 ms against 5.3-7.6 ms in the same runs).
    this.db.exec('PRAGMA journal_mode = WAL');
    this.db.exec('PRAGMA busy_timeout = 5000');
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

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const table = tableOf(spec.name);
    const fields = indexedFieldsOf(spec.indexes);
    const indexes = spec.deferIndexes ? [] : spec.indexes.map((index) => indexOf(table, index));
    this.transaction(() => {
      this.createTable(table, fields);
      this.addFieldColumns(table, fields);
      for (const index of indexes) {
        this.dropExpressionIndex(index.name);
        this.db.exec(`CREATE INDEX IF NOT EXISTS "${index.name}" ON "${table}" (${index.expression})`);
      }
    });
    this.layouts.delete(table);
    this.purgeExpired(table, Date.now());
  }

  async dropCollection(name: string): Promise<void> {
    const table = tableOf(name);
    this.db.exec(`DROP TABLE IF EXISTS "${table}"`);
    this.cache.cleared(table);
    this.lastPurgeMs.delete(table);
    this.layouts.delete(table);
    for (const sql of this.statements.keys()) {
      if (sql.includes(`"${table}"`)) this.statements.delete(sql);
    }
  }

  async listCollections(): Promise<string[]> {
    const rows = this.statement(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' ORDER BY name`,
    ).all();
    return rows
      .map((row) => String(row.name).slice(TABLE_PREFIX.length))
      .filter(isCollectionName);
  }

  async get<T extends ReadDocument = ReadDocument>(collection: string, id: string): Promise<T | null> {
    const table = tableOf(collection);
    const now = this.cacheReady();
    const cached = this.cache.lookupDocument(table, id, now);
    if (cached !== undefined) return cached as T | null;
    const row = this.readOr(undefined, () =>
      this.statement(`SELECT doc, expires_at FROM "${table}" WHERE id = ? AND ${LIVE}`).get(id, now),
    );
    const doc = row ? parseDocument<T>(row.doc) : null;
    this.cache.keepDocument(table, id, doc, row ? String(row.doc).length : id.length, validUntil(row?.expires_at));
    return doc;
  }

  async getMany<T extends ReadDocument = ReadDocument>(
    collection: string,
    ids: readonly string[],
    options: ReadOptions = {},
  ): Promise<Map<string, T>> {
    const table = tableOf(collection);
    const found = new Map<string, T>();
    const now = this.cacheReady();
    // Documents read to be written next would only be dropped again, after the cost of freezing them.
    const keep = !options.forUpdate;
    const missing: string[] = [];
    for (const id of ids) {
      const cached = this.cache.lookupDocument(table, id, now);
      if (cached === undefined) missing.push(id);
      else if (cached !== null) found.set(id, cached as T);
    }
    if (missing.length === 0) return found;
    // One bound JSON array keeps a single cached statement for any number of ids.
    const rows = this.readOr([], () =>
      this.statement(
        `SELECT id, doc, expires_at FROM "${table}" WHERE id IN (SELECT value FROM json_each(?)) AND ${LIVE}`,
      ).all(JSON.stringify(missing), now),
    );
    for (const row of rows) {
      const id = String(row.id);
      const doc = parseDocument<T>(row.doc);
      found.set(id, doc);
      if (keep) this.cache.keepDocument(table, id, doc, String(row.doc).length, validUntil(row.expires_at));
    }
    if (keep) for (const id of missing) if (!found.has(id)) this.cache.keepDocument(table, id, null, id.length, Infinity);
    return found;
  }

  async find<T extends ReadDocument = ReadDocument>(collection: string, query: FindQuery = {}): Promise<T[]> {
    const table = tableOf(collection);
    const now = this.cacheReady();
    const key = `f\u0000${table}\u0000${JSON.stringify(query)}`;
    const cached = this.cache.lookup(key, now);
    if (cached !== undefined) return cached as T[];
    this.layoutsChecked();
    const { sql, params } = findStatement(table, query, now, this.layoutOf(table).columns);
    const rows = this.readOr([], () => this.statement(sql).all(...params));
    let chars = 0;
    let until = Infinity;
    const docs = rows.map((row) => {
      chars += String(row.doc).length;
      until = Math.min(until, validUntil(row.expires_at));
      return parseDocument<T>(row.doc);
    });
    this.cache.keepAnswer(key, table, docs, docs.length, chars, until);
    return docs;
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    const table = tableOf(collection);
    this.layoutsChecked();
    const { sql, params } = countStatement(table, where, Date.now(), this.layoutOf(table).columns);
    const row = this.readOr(undefined, () => this.statement(sql).get(...params));
    return row ? Number(row.n) : 0;
  }

  async put(collection: string, id: string, doc: ReadDocument, options: PutOptions = {}): Promise<void> {
    const table = tableOf(collection);
    // In a transaction, so the layout it writes by cannot change under it (see layoutsChecked).
    this.transaction(() => this.upsert(table, id, doc, options.expiresAt));
    this.afterWrite([table]);
  }

  async delete(collection: string, id: string): Promise<void> {
    this.remove(tableOf(collection), id);
  }

  async commit(unit: WriteUnit): Promise<void> {
    const touched = new Set<string>();
    this.transaction(() => {
      // Names are checked one write at a time, inside the transaction: any failure rolls back all.
      for (const put of unit.puts) {
        const table = tableOf(put.collection);
        this.upsert(table, put.id, put.doc, put.expiresAt);
        touched.add(table);
      }
      for (const del of unit.deletes) this.remove(tableOf(del.collection), del.id);
      if (unit.checkpoint) this.statement(CHECKPOINT_UPSERT).run(unit.checkpoint.name, unit.checkpoint.position);
    });
    this.afterWrite(touched);
  }

  /**
   * Units prepared here (names checked, documents serialized, field values extracted) and committed
   * by a second connection in a worker thread. None for a database in memory, which no other
   * connection can open. The tables must exist: a write to a missing one fails the writer.
   */
  openBulkWriter(): BulkWriter | null {
    if (isInMemory(this.path)) return null;
    const transactions = new SqliteBulkTransactions(this.path);
    return {
      // Async, so that a unit refused while it is prepared (a bad name) rejects like any other.
      write: async (unit) => transactions.run(this.bulkTransactionOf(unit)),
      close: () => transactions.close(),
    };
  }

  async getCheckpoint(name: string): Promise<number | null> {
    const row = this.statement(`SELECT position FROM ${CHECKPOINTS_TABLE} WHERE name = ?`).get(name);
    // A checkpoint another connection committed may vouch for documents the cache holds older
    // copies of (read-your-writes with the projector in another process): the request's next read checks.
    const scope = currentReadScope();
    if (scope) scope.checkedStore = null;
    return row ? Number(row.position) : null;
  }

  async ping(): Promise<boolean> {
    try {
      return this.statement('SELECT 1 AS one').get()?.one === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.layouts.clear();
    if (!this.db.isOpen) return;
    await this.checkpointer?.stop();
    this.db.exec(OPTIMIZE);
    this.db.close();
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private transaction(body: () => void): void {
    // IMMEDIATE takes the write lock up front, so a second process waits (busy_timeout) instead of
    // failing when a deferred read transaction tries to upgrade.
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.layoutsChecked();
      body();
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private createTable(table: string, fields: readonly string[]): void {
    // Field columns have no type, hence no affinity: they keep the value exactly as written. They
    // and the expiry come before the document, so reading them never follows a large document's
    // overflow pages (an index build reads every row).
    const columns = fields.map((field) => `${columnOf(field)}, `).join('');
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, expires_at INTEGER, ${columns}doc TEXT NOT NULL)`,
    );
    this.db.exec(
      `CREATE INDEX IF NOT EXISTS "${table}.expires_at" ON "${table}" (expires_at) WHERE expires_at IS NOT NULL`,
    );
  }

  /**
   * Gives an existing table a column for each indexed field it lacks (a new index, or a table from
   * before field columns), filled by json_extract itself, so the column holds its value by definition.
   */
  private addFieldColumns(table: string, fields: readonly string[]): void {
    const existing = fieldColumnsOf(this.db, table);
    const missing = fields.filter((field) => !existing.has(field));
    if (missing.length === 0) return;
    for (const field of missing) this.db.exec(`ALTER TABLE "${table}" ADD COLUMN ${columnOf(field)}`);
    this.db.exec(`UPDATE "${table}" SET ${missing.map((field) => `${columnOf(field)} = ${extractOf(field)}`).join(', ')}`);
  }

  /** Drops an index of this name built on json_extract (before field columns), so it is built again on the columns. */
  private dropExpressionIndex(name: string): void {
    const row = this.db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).get(name);
    if (row && String(row.sql).includes('json_extract(')) this.db.exec(`DROP INDEX "${name}"`);
  }

  private upsert(table: string, id: string, doc: ReadDocument, expiresAt: number | undefined): void {
    this.cache.wrote(table, id);
    const text = JSON.stringify(doc);
    try {
      this.write(table, id, doc, text, expiresAt);
    } catch (error) {
      // Like MongoDB, a write to a collection nobody ensured creates it (without field indexes).
      if (!isMissingTable(error)) throw error;
      this.createTable(table, []);
      this.layouts.delete(table);
      this.write(table, id, doc, text, expiresAt);
    }
  }

  private write(table: string, id: string, doc: ReadDocument, text: string, expiresAt: number | undefined): void {
    const layout = this.layoutOf(table);
    layout.upsert ??= this.db.prepare(layout.upsertSql);
    if (layout.paths.length === 0) {
      layout.upsert.run(id, text, expiresAt ?? null);
      return;
    }
    layout.upsert.run(...upsertParams(layout, id, doc, text, expiresAt));
  }

  /** A unit as statements for the bulk writer's connection, with this connection's layouts. */
  private bulkTransactionOf(unit: WriteUnit): BulkTransaction {
    this.layoutsChecked();
    const sql: string[] = [];
    const indexes = new Map<string, number>();
    const indexOf = (text: string): number => {
      let index = indexes.get(text);
      if (index === undefined) {
        index = sql.push(text) - 1;
        indexes.set(text, index);
      }
      return index;
    };
    const runs: Array<[number, ...SQLInputValue[]]> = [];
    for (const put of unit.puts) {
      const table = tableOf(put.collection);
      // Written by another connection: what this one cached of the document is stale from now on.
      this.cache.wrote(table, put.id);
      const layout = this.layoutOf(table);
      runs.push([indexOf(layout.upsertSql), ...upsertParams(layout, put.id, put.doc, JSON.stringify(put.doc), put.expiresAt)]);
    }
    for (const del of unit.deletes) {
      const table = tableOf(del.collection);
      this.cache.wrote(table, del.id);
      runs.push([indexOf(`DELETE FROM "${table}" WHERE id = ?`), del.id]);
    }
    if (unit.checkpoint) runs.push([indexOf(CHECKPOINT_UPSERT), unit.checkpoint.name, unit.checkpoint.position]);
    return { sql, runs };
  }

  /** The layout of a table, as last read (see layoutsChecked). */
  private layoutOf(table: string): TableLayout {
    let layout = this.layouts.get(table);
    if (!layout) {
      const columns = fieldColumnsOf(this.db, table);
      layout = { columns, paths: [...columns].map((field) => field.split('.')), upsertSql: upsertSqlOf(table, columns), upsert: null };
      this.layouts.set(table, layout);
    }
    return layout;
  }

  /**
   * Forgets the layouts read if the schema changed since: another connection may have added field
   * columns (ensureCollection), which a write must fill. Every transaction and query checks first.
   */
  private layoutsChecked(): void {
    const version = this.statement('PRAGMA schema_version').get()?.schema_version;
    if (version === this.schemaVersion) return;
    this.layouts.clear();
    this.schemaVersion = version;
  }

  private remove(table: string, id: string): void {
    this.cache.wrote(table, id);
    this.readOr(undefined, () => this.statement(`DELETE FROM "${table}" WHERE id = ?`).run(id));
  }

  /**
   * The time reads are made at, once the cache is known to be current: a commit by another
   * connection (another replica, the CLI) changes `data_version`, and then nothing cached holds.
   * Within a request (a ReadScope), the first read checks and the next ones, for SCOPE_CHECK_MS,
   * rely on that check: it was made after the request arrived, which is all a request may ask.
   */
  private cacheReady(): number {
    const now = Date.now();
    if (!this.cache.enabled) return now;
    const scope = currentReadScope();
    if (scope && scope.checkedStore === this && now - scope.checkedAt <= SCOPE_CHECK_MS) return now;
    const version = this.statement('PRAGMA data_version').get()?.data_version;
    if (version !== this.dataVersion) {
      this.cache.clear();
      this.dataVersion = version;
    }
    if (scope) {
      scope.checkedStore = this;
      scope.checkedAt = now;
    }
    return now;
  }

  /** Runs a statement on a table that may not exist yet; a missing table reads as empty. */
  private readOr<R>(empty: R, read: () => R): R {
    try {
      return read();
    } catch (error) {
      if (isMissingTable(error)) return empty;
      throw error;
    }
  }

  /** Housekeeping after writes, each kind at most once a minute: it must not tax every write. */
  private afterWrite(tables: Iterable<string>): void {
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

  // Reads already hide expired rows; purging only reclaims space, so it runs at most once a minute.
  private purgeExpired(table: string, now: number): void {
    this.lastPurgeMs.set(table, now);
    this.readOr(undefined, () =>
      this.statement(`DELETE FROM "${table}" WHERE expires_at IS NOT NULL AND expires_at <= ?`).run(now),
    );
  }
}

/** The upsert of a table: the document, its expiry, and the value of each field column, in `columns` order. */
function upsertSqlOf(table: string, columns: FieldColumns): string {
  const names = ['id', 'doc', 'expires_at', ...[...columns].map(columnOf)];
  const updates = names.slice(1).map((name) => `${name} = excluded.${name}`);
  return `INSERT INTO "${table}" (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})
         ON CONFLICT(id) DO UPDATE SET ${updates.join(', ')}`;
}

/** The upsert's parameters: id, document text, expiry, then each field column's value. */
function upsertParams(layout: TableLayout, id: string, doc: ReadDocument, text: string, expiresAt: number | undefined): SQLInputValue[] {
  const params: SQLInputValue[] = [id, text, expiresAt ?? null];
  for (const path of layout.paths) params.push(fieldValueOf(doc, path));
  return params;
}

/** Until when a row read now stays as read, as far as expiry goes. */
function validUntil(expiresAt: unknown): number {
  return typeof expiresAt === 'number' ? expiresAt : Infinity;
}

/**
 * An index of a spec, on the field columns. A compound one lists the fields as `find` spells them
 * in WHERE and ORDER BY, directions included, and ends with the id, so that a filtered, sorted page
 * is read in index order (no temporary b-tree for the ORDER BY).
 */
function indexOf(table: string, spec: IndexSpec): { name: string; expression: string } {
  const layout = indexLayoutOf(spec);
  const keys = layout.keys.map(({ field, direction }) => `${columnOf(field)} ${directionOf(direction)}`);
  if (layout.endsWithId) keys.push('id ASC');
  // With the expiry in the index, the liveness test every query carries needs no document: counts
  // and the rows an offset skips are read from the index alone.
  if (layout.endsWithId) keys.push('expires_at');
  return { name: `${table}.${layout.name}`, expression: keys.join(', ') };
}
