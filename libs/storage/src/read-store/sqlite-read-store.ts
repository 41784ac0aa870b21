import { checkExpectedDocument, type BulkWriter, type CollectionSpec, type ExpectedDocument, type FindQuery, type PutOptions, type ReadDocument, type ReadOptions, type ReadStore, type WriteUnit } from './read-store.port';
import { DEFAULT_READ_CACHE_LIMITS, SqliteReadCache, type ReadCacheLimits } from './sqlite-read-cache';
import { countStatement, findStatement, LIVE } from './sqlite-read-query';
import { CHECKPOINTS_TABLE, isCollectionName, isMissingTable, parseDocument, readOr, TABLE_PREFIX, tableOf } from './sqlite-read-tables';
import { SqliteReadConnection, type SqliteReadConnectionOptions } from './sqlite-read-connection';
import { SqliteReadFreshness } from './sqlite-read-freshness';
import { applyTableSchema, createTable, tableSchemaOf } from './sqlite-read-schema';
import { CHECKPOINT_UPSERT, SqliteTableLayouts } from './sqlite-table-layouts';
import { openSqliteBulkWriter } from './sqlite-read-bulk';

/** Options of the SQLite read store. */
export interface SqliteReadStoreOptions extends SqliteReadConnectionOptions {
  /** Bounds of the cache of parsed answers (`maxChars: 0` turns it off). */
  readonly cache?: ReadCacheLimits;
}

/** Read store on Node's built-in SQLite: one table per collection, JSON documents, one writer. */
export class SqliteReadStore implements ReadStore {
  private readonly connection: SqliteReadConnection;
  private readonly layouts: SqliteTableLayouts;
  private readonly cache: SqliteReadCache;
  private readonly freshness: SqliteReadFreshness;

  constructor(options: SqliteReadStoreOptions) {
    this.cache = new SqliteReadCache(options.cache ?? DEFAULT_READ_CACHE_LIMITS);
    this.connection = new SqliteReadConnection(options);
    this.layouts = new SqliteTableLayouts(this.connection);
    this.freshness = new SqliteReadFreshness(this.connection, this.cache);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const table = tableOf(spec.name);
    const schema = tableSchemaOf(table, spec);
    this.transaction(() => applyTableSchema(this.connection.db, table, schema));
    this.layouts.forget(table);
    this.connection.purgeExpired(table, Date.now());
  }

  async dropCollection(name: string): Promise<void> {
    const table = tableOf(name);
    this.connection.db.exec(`DROP TABLE IF EXISTS "${table}"`);
    this.cache.cleared(table);
    this.layouts.forget(table);
    this.connection.dropped(table);
  }

  async listCollections(): Promise<string[]> {
    const rows = this.connection.statement(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' ORDER BY name`,
    ).all();
    return rows
      .map((row) => String(row.name).slice(TABLE_PREFIX.length))
      .filter(isCollectionName);
  }

  async get<T extends ReadDocument = ReadDocument>(collection: string, id: string): Promise<T | null> {
    const table = tableOf(collection);
    const now = this.freshness.cacheReady();
    const cached = this.cache.lookupDocument(table, id, now);
    if (cached !== undefined) return cached as T | null;
    const row = readOr(undefined, () =>
      this.connection.statement(`SELECT doc, expires_at FROM "${table}" WHERE id = ? AND ${LIVE}`).get(id, now),
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
    const now = this.freshness.cacheReady();
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
    const rows = readOr([], () =>
      this.connection.statement(
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
    const now = this.freshness.cacheReady();
    const key = `f\u0000${table}\u0000${JSON.stringify(query)}`;
    const cached = this.cache.lookup(key, now);
    if (cached !== undefined) return cached as T[];
    this.layouts.checked();
    const { sql, params } = findStatement(table, query, now, this.layouts.of(table).columns);
    const rows = readOr([], () => this.connection.statement(sql).all(...params));
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
    this.layouts.checked();
    const { sql, params } = countStatement(table, where, Date.now(), this.layouts.of(table).columns);
    const row = readOr(undefined, () => this.connection.statement(sql).get(...params));
    return row ? Number(row.n) : 0;
  }

  async put(collection: string, id: string, doc: ReadDocument, options: PutOptions = {}): Promise<void> {
    const table = tableOf(collection);
    // In a transaction, so the layout it writes by cannot change under it (see SqliteTableLayouts.checked).
    this.transaction(() => this.upsert(table, id, doc, options.expiresAt));
    this.connection.afterWrite([table]);
  }

  async delete(collection: string, id: string): Promise<void> {
    this.remove(tableOf(collection), id);
  }

  async putIf(collection: string, id: string, doc: ReadDocument, expected: ExpectedDocument | null, options: PutOptions = {}): Promise<boolean> {
    const table = tableOf(collection);
    if (expected !== null) checkExpectedDocument(expected);
    let written = false;
    // The write lock is taken before the read (BEGIN IMMEDIATE): no other process writes in between.
    this.transaction(() => {
      const row = readOr(undefined, () =>
        this.connection.statement(`SELECT doc FROM "${table}" WHERE id = ? AND ${LIVE}`).get(id, Date.now()),
      );
      const current = row ? parseDocument(row.doc) : null;
      if (expected === null ? current !== null : current?.[expected.field] !== expected.equals) return;
      this.upsert(table, id, doc, options.expiresAt);
      written = true;
    });
    if (written) this.connection.afterWrite([table]);
    return written;
  }

  async commit(unit: WriteUnit): Promise<void> {
    const touched = new Set<string>();
    this.transaction(() => {
      // Names are checked one write at a time, inside the transaction: any failure rolls back all.
      for (const put of unit.puts) {
        const table = tableOf(put.collection);
        this.upsert(table, put.id, put.doc, put.expiresAt, put.previous);
        touched.add(table);
      }
      for (const del of unit.deletes) this.remove(tableOf(del.collection), del.id);
      if (unit.checkpoint) this.connection.statement(CHECKPOINT_UPSERT).run(unit.checkpoint.name, unit.checkpoint.position);
    });
    this.connection.afterWrite(touched);
  }

  /** See openSqliteBulkWriter. */
  openBulkWriter(): BulkWriter | null {
    return openSqliteBulkWriter(this.connection.path, this.layouts, this.cache);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    const row = this.connection.statement(`SELECT position FROM ${CHECKPOINTS_TABLE} WHERE name = ?`).get(name);
    this.freshness.checkpointRead();
    return row ? Number(row.position) : null;
  }

  async ping(): Promise<boolean> {
    try {
      return this.connection.statement('SELECT 1 AS one').get()?.one === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.layouts.clear();
    this.freshness.close();
    await this.connection.close();
  }

  /** A write transaction whose writes go by the current layouts. */
  private transaction(body: () => void): void {
    this.connection.transaction(() => {
      this.layouts.checked();
      body();
    });
  }

  private upsert(table: string, id: string, doc: ReadDocument, expiresAt: number | undefined, previous?: ReadDocument | null): void {
    this.cache.wrote(table, id);
    const text = JSON.stringify(doc);
    try {
      this.layouts.upsert(table, id, doc, text, expiresAt, previous);
    } catch (error) {
      // Like MongoDB, a write to a collection nobody ensured creates it (without field indexes).
      if (!isMissingTable(error)) throw error;
      createTable(this.connection.db, table, []);
      this.layouts.forget(table);
      this.layouts.upsert(table, id, doc, text, expiresAt);
    }
  }

  private remove(table: string, id: string): void {
    this.cache.wrote(table, id);
    readOr(undefined, () => this.connection.statement(`DELETE FROM "${table}" WHERE id = ?`).run(id));
  }
}

/** Until when a row read now stays as read, as far as expiry goes. */
function validUntil(expiresAt: unknown): number {
  return typeof expiresAt === 'number' ? expiresAt : Infinity;
}
