import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { indexLayoutOf } from './index-keys';
import type { CollectionSpec, FindQuery, IndexSpec, PutOptions, ReadDocument, ReadStore, WriteUnit } from './read-store.port';
import { countStatement, directionOf, extractOf, findStatement, LIVE } from './sqlite-read-query';
import { CHECKPOINTS_TABLE, isCollectionName, isMissingTable, parseDocument, TABLE_PREFIX, tableOf } from './sqlite-read-tables';

/** Options of the SQLite read store. */
export interface SqliteReadStoreOptions {
  /** Database file, or ':memory:' for a private in-memory database. */
  readonly path: string;
}

const PURGE_INTERVAL_MS = 60_000;
const OPTIMIZE_INTERVAL_MS = 60_000;
// 0x10002: analyze every table that lacks or has outgrown (10x) its statistics, not only the
// tables this connection happened to query.
const OPTIMIZE = 'PRAGMA optimize = 0x10002';

/** Read store on Node's built-in SQLite: one table per collection, JSON documents, one writer. */
export class SqliteReadStore implements ReadStore {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private readonly lastPurgeMs = new Map<string, number>();
  private lastOptimizeMs = 0;

  constructor(options: SqliteReadStoreOptions) {
    this.db = new DatabaseSync(options.path);
    this.db.exec('PRAGMA journal_mode = WAL');
    this.db.exec('PRAGMA busy_timeout = 5000');
    // Documents and checkpoint commit together, so a power loss can only lose whole recent units,
    // which the projector replays from the log: full fsync on every commit buys nothing here.
    this.db.exec('PRAGMA synchronous = NORMAL');
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${CHECKPOINTS_TABLE} (name TEXT PRIMARY KEY, position INTEGER NOT NULL)`,
    );
    this.db.exec(OPTIMIZE);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const table = tableOf(spec.name);
    const indexes = spec.indexes.map((index) => indexOf(table, index));
    this.transaction(() => {
      this.createTable(table);
      for (const index of indexes) {
        this.db.exec(`CREATE INDEX IF NOT EXISTS "${index.name}" ON "${table}" (${index.expression})`);
      }
    });
    this.purgeExpired(table, Date.now());
  }

  async dropCollection(name: string): Promise<void> {
    const table = tableOf(name);
    this.db.exec(`DROP TABLE IF EXISTS "${table}"`);
    this.lastPurgeMs.delete(table);
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
    const row = this.readOr(undefined, () =>
      this.statement(`SELECT doc FROM "${table}" WHERE id = ? AND ${LIVE}`).get(id, Date.now()),
    );
    return row ? parseDocument<T>(row.doc) : null;
  }

  async getMany<T extends ReadDocument = ReadDocument>(
    collection: string,
    ids: readonly string[],
  ): Promise<Map<string, T>> {
    const table = tableOf(collection);
    const found = new Map<string, T>();
    if (ids.length === 0) return found;
    // One bound JSON array keeps a single cached statement for any number of ids.
    const rows = this.readOr([], () =>
      this.statement(
        `SELECT id, doc FROM "${table}" WHERE id IN (SELECT value FROM json_each(?)) AND ${LIVE}`,
      ).all(JSON.stringify(ids), Date.now()),
    );
    for (const row of rows) found.set(String(row.id), parseDocument<T>(row.doc));
    return found;
  }

  async find<T extends ReadDocument = ReadDocument>(collection: string, query: FindQuery = {}): Promise<T[]> {
    const { sql, params } = findStatement(tableOf(collection), query, Date.now());
    const rows = this.readOr([], () => this.statement(sql).all(...params));
    return rows.map((row) => parseDocument<T>(row.doc));
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    const { sql, params } = countStatement(tableOf(collection), where, Date.now());
    const row = this.readOr(undefined, () => this.statement(sql).get(...params));
    return row ? Number(row.n) : 0;
  }

  async put(collection: string, id: string, doc: ReadDocument, options: PutOptions = {}): Promise<void> {
    const table = tableOf(collection);
    this.upsert(table, id, doc, options.expiresAt);
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
      if (unit.checkpoint) {
        this.statement(
          `INSERT INTO ${CHECKPOINTS_TABLE} (name, position) VALUES (?, ?)
           ON CONFLICT(name) DO UPDATE SET position = excluded.position`,
        ).run(unit.checkpoint.name, unit.checkpoint.position);
      }
    });
    this.afterWrite(touched);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    const row = this.statement(`SELECT position FROM ${CHECKPOINTS_TABLE} WHERE name = ?`).get(name);
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
    if (!this.db.isOpen) return;
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
      body();
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private createTable(table: string): void {
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL, expires_at INTEGER)`,
    );
    this.db.exec(
      `CREATE INDEX IF NOT EXISTS "${table}.expires_at" ON "${table}" (expires_at) WHERE expires_at IS NOT NULL`,
    );
  }

  private upsert(table: string, id: string, doc: ReadDocument, expiresAt: number | undefined): void {
    const text = JSON.stringify(doc);
    const write = (): unknown =>
      this.statement(
        `INSERT INTO "${table}" (id, doc, expires_at) VALUES (?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET doc = excluded.doc, expires_at = excluded.expires_at`,
      ).run(id, text, expiresAt ?? null);
    try {
      write();
    } catch (error) {
      // Like MongoDB, a write to a collection nobody ensured creates it (without field indexes).
      if (!isMissingTable(error)) throw error;
      this.createTable(table);
      write();
    }
  }

  private remove(table: string, id: string): void {
    this.readOr(undefined, () => this.statement(`DELETE FROM "${table}" WHERE id = ?`).run(id));
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

/**
 * An expression index of a spec. A compound one lists the fields as `find` spells them in WHERE and
 * ORDER BY, directions included, and ends with the id, so that a filtered, sorted page is read in
 * index order (no temporary b-tree for the ORDER BY).
 */
function indexOf(table: string, spec: IndexSpec): { name: string; expression: string } {
  const layout = indexLayoutOf(spec);
  const keys = layout.keys.map(({ field, direction }) => `${extractOf(field)} ${directionOf(direction)}`);
  if (layout.endsWithId) keys.push('id ASC');
  // With the expiry in the index, the liveness test every query carries needs no document: counts
  // and the rows an offset skips are read from the index alone.
  if (layout.endsWithId) keys.push('expires_at');
  return { name: `${table}.${layout.name}`, expression: keys.join(', ') };
}
