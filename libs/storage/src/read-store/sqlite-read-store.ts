import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type {
  CollectionSpec,
  FieldCondition,
  FieldValue,
  FindQuery,
  PutOptions,
  ReadDocument,
  ReadStore,
  WriteUnit,
} from './read-store.port';

/** Options of the SQLite read store. */
export interface SqliteReadStoreOptions {
  /** Database file, or ':memory:' for a private in-memory database. */
  readonly path: string;
}

const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;
// Field paths are spliced into SQL (an expression index only matches a literal path), so only
// identifier segments pass.
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
// Prefixed tables keep collections apart from other tables sharing the file (the event store may).
const TABLE_PREFIX = 'rm_';
const CHECKPOINTS_TABLE = 'read_checkpoints';
// Same reserved name as the MongoDB adapter, where the checkpoints live in a collection.
const RESERVED_NAMES: ReadonlySet<string> = new Set(['checkpoints']);
const PURGE_INTERVAL_MS = 60_000;
const OPTIMIZE_INTERVAL_MS = 60_000;
// 0x10002: analyze every table that lacks or has outgrown (10x) its statistics, not only the
// tables this connection happened to query.
const OPTIMIZE = 'PRAGMA optimize = 0x10002';
const LIVE = '(expires_at IS NULL OR expires_at > ?)';

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
    const indexes = spec.indexes.map((field) => ({ name: `${table}.${field}`, expression: extractOf(field) }));
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
      .filter((name) => COLLECTION_NAME.test(name) && !RESERVED_NAMES.has(name));
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
    const table = tableOf(collection);
    const params: SQLInputValue[] = [Date.now()];
    const where = [LIVE, ...whereClauses(query.where, params)].join(' AND ');
    // The id breaks ties so that pages never overlap.
    const order = [...(query.sort ?? []).map((s) => `${extractOf(s.field)} ${directionOf(s.direction)}`), 'id ASC'];
    params.push(countOf('limit', query.limit) ?? -1, countOf('offset', query.offset) ?? 0);
    const sql = `SELECT doc FROM "${table}" WHERE ${where} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
    const rows = this.readOr([], () => this.statement(sql).all(...params));
    return rows.map((row) => parseDocument<T>(row.doc));
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    const table = tableOf(collection);
    const params: SQLInputValue[] = [Date.now()];
    const clauses = [LIVE, ...whereClauses(where, params)].join(' AND ');
    const row = this.readOr(undefined, () =>
      this.statement(`SELECT count(*) AS n FROM "${table}" WHERE ${clauses}`).get(...params),
    );
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

function tableOf(collection: string): string {
  if (!COLLECTION_NAME.test(collection) || RESERVED_NAMES.has(collection)) {
    throw new Error(`Invalid read-store collection name "${collection}": expected /^[a-z][a-z0-9_]*$/`);
  }
  return TABLE_PREFIX + collection;
}

function extractOf(field: string): string {
  if (!FIELD_PATH.test(field)) throw new Error(`Invalid read-store field path "${field}"`);
  return `json_extract(doc, '$.${field}')`;
}

function typeOf(field: string): string {
  return `json_type(doc, '$.${field}')`;
}

function directionOf(direction: string): string {
  if (direction === 'asc') return 'ASC';
  if (direction === 'desc') return 'DESC';
  throw new Error(`Invalid sort direction "${direction}"`);
}

function countOf(label: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Invalid ${label} ${value}`);
  return value;
}

/**
 * json_extract turns JSON true/false into 1/0 and objects into JSON text, so every comparison also
 * checks json_type: true never matches 1 and "x" never matches an object. The json_extract term
 * comes first and alone on its side so the expression index serves it.
 */
function whereClauses(where: FindQuery['where'], params: SQLInputValue[]): string[] {
  return Object.entries(where ?? {}).map(([field, condition]) => conditionClause(field, condition, params));
}

function conditionClause(field: string, condition: FieldCondition, params: SQLInputValue[]): string {
  if (typeof condition !== 'object' || condition === null) return equalsClause(field, condition, params);
  const values: readonly unknown[] = condition.in;
  if (!Array.isArray(values) || !values.every(isFieldValue)) {
    throw new Error(`Invalid condition on "${field}": expected a value or { in: [values] }`);
  }
  const strings = values.filter((v) => typeof v === 'string');
  const numbers = values.filter((v) => typeof v === 'number').map((v) => finite(field, v));
  const parts: string[] = [];
  if (strings.length > 0) parts.push(memberClause(field, "= 'text'", strings, params));
  if (numbers.length > 0) parts.push(memberClause(field, "IN ('integer', 'real')", numbers, params));
  if (values.includes(true)) parts.push(equalsClause(field, true, params));
  if (values.includes(false)) parts.push(equalsClause(field, false, params));
  if (values.includes(null)) parts.push(equalsClause(field, null, params));
  return parts.length === 0 ? '0' : `(${parts.join(' OR ')})`;
}

function memberClause(field: string, typeTest: string, values: readonly unknown[], params: SQLInputValue[]): string {
  params.push(JSON.stringify(values));
  return `(${extractOf(field)} IN (SELECT value FROM json_each(?)) AND ${typeOf(field)} ${typeTest})`;
}

function equalsClause(field: string, value: FieldValue, params: SQLInputValue[]): string {
  const extract = extractOf(field);
  // SQL NULL from json_extract means JSON null or a missing field: both count as null.
  if (value === null) return `${extract} IS NULL`;
  if (value === true) return `(${extract} = 1 AND ${typeOf(field)} = 'true')`;
  if (value === false) return `(${extract} = 0 AND ${typeOf(field)} = 'false')`;
  if (typeof value === 'number') {
    params.push(finite(field, value));
    return `(${extract} = ? AND ${typeOf(field)} IN ('integer', 'real'))`;
  }
  if (typeof value === 'string') {
    params.push(value);
    return `(${extract} = ? AND ${typeOf(field)} = 'text')`;
  }
  throw new Error(`Invalid condition value on "${field}"`);
}

function finite(field: string, value: number): number {
  if (!Number.isFinite(value)) throw new Error(`Invalid number ${value} on "${field}"`);
  return value;
}

function isFieldValue(value: unknown): value is FieldValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

// Duck-typed rather than instanceof: node:sqlite errors come from Node's own realm, which is not
// the realm of the caller under jest.
function isMissingTable(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message.startsWith('no such table')
  );
}

/** The port's document type is the caller's claim; JSON.parse cannot check it. */
function parseDocument<T extends ReadDocument>(text: unknown): T {
  if (typeof text !== 'string') throw new Error('Corrupt read-store row: document is not text');
  const doc: T = JSON.parse(text);
  return doc;
}
