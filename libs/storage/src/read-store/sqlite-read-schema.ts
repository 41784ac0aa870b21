import type { DatabaseSync } from 'node:sqlite';
import { indexLayoutOf } from './index-keys';
import type { CollectionSpec, IndexSpec } from './read-store.port';
import { directionOf, extractOf } from './sqlite-read-query';
import { columnOf, fieldColumnsOf, indexedFieldsOf } from './sqlite-field-columns';

/** What a collection's table is made of: a column per indexed field, and the indexes on them. */
export interface TableSchema {
  readonly fields: readonly string[];
  readonly indexes: ReadonlyArray<{ readonly name: string; readonly expression: string }>;
}

/** The schema of a collection's table; throws on a field path or direction SQL may not quote. */
export function tableSchemaOf(table: string, spec: CollectionSpec): TableSchema {
  return {
    fields: indexedFieldsOf(spec.indexes),
    indexes: spec.deferIndexes ? [] : spec.indexes.map((index) => indexOf(table, index)),
  };
}

/** Creates the table, or gives an existing one the columns and indexes it lacks. Runs inside the caller's transaction. */
export function applyTableSchema(db: DatabaseSync, table: string, schema: TableSchema): void {
  createTable(db, table, schema.fields);
  addFieldColumns(db, table, schema.fields);
  for (const index of schema.indexes) {
    dropExpressionIndex(db, index.name);
    db.exec(`CREATE INDEX IF NOT EXISTS "${index.name}" ON "${table}" (${index.expression})`);
  }
}

/** Creates a collection's table if it is missing, with a column for each of `fields`. */
export function createTable(db: DatabaseSync, table: string, fields: readonly string[]): void {
  // Field columns have no type, hence no affinity: they keep the value exactly as written. They
  // and the expiry come before the document, so reading them never follows a large document's
  // overflow pages (an index build reads every row).
  const columns = fields.map((field) => `${columnOf(field)}, `).join('');
  db.exec(
    `CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, expires_at INTEGER, ${columns}doc TEXT NOT NULL)`,
  );
  db.exec(
    `CREATE INDEX IF NOT EXISTS "${table}.expires_at" ON "${table}" (expires_at) WHERE expires_at IS NOT NULL`,
  );
}

/**
 * Gives an existing table a column for each indexed field it lacks (a new index, or a table from
 * before field columns), filled by json_extract itself, so the column holds its value by definition.
 */
function addFieldColumns(db: DatabaseSync, table: string, fields: readonly string[]): void {
  const existing = fieldColumnsOf(db, table);
  const missing = fields.filter((field) => !existing.has(field));
  if (missing.length === 0) return;
  for (const field of missing) db.exec(`ALTER TABLE "${table}" ADD COLUMN ${columnOf(field)}`);
  db.exec(`UPDATE "${table}" SET ${missing.map((field) => `${columnOf(field)} = ${extractOf(field)}`).join(', ')}`);
}

/** Drops an index of this name built on json_extract (before field columns), so it is built again on the columns. */
function dropExpressionIndex(db: DatabaseSync, name: string): void {
  const row = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).get(name);
  if (row && String(row.sql).includes('json_extract(')) db.exec(`DROP INDEX "${name}"`);
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
