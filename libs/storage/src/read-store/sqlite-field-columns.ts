import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { indexLayoutOf } from './index-keys';
import type { IndexSpec, ReadDocument } from './read-store.port';

/**
 * Indexed fields live in columns of their own beside the document, named after their JSON path
 * (`"$.workspaceId"`), each holding exactly what `json_extract(doc, '$.workspaceId')` gives, taken
 * in JS from the document being written. Indexes are built on the columns, so building one reads
 * no JSON: a rebuild's final index builds parsed every document once per index.
 */
const COLUMN_PREFIX = '$.';

// Field paths are spliced into SQL (as a JSON path or a column name), so only identifier segments pass.
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** A field path, checked to be one SQL may quote. */
export function checkedField(field: string): string {
  if (!FIELD_PATH.test(field)) throw new Error(`Invalid read-store field path "${field}"`);
  return field;
}

/** The quoted column of an indexed field. */
export function columnOf(field: string): string {
  return `"${COLUMN_PREFIX}${checkedField(field)}"`;
}

/** The fields the indexes of a collection key on, each once, in the order first met. */
export function indexedFieldsOf(indexes: readonly IndexSpec[]): string[] {
  const fields = new Set<string>();
  for (const index of indexes) for (const key of indexLayoutOf(index).keys) fields.add(checkedField(key.field));
  return [...fields];
}

/** The fields a table holds in columns, read from its schema (none for a missing table). */
export function fieldColumnsOf(db: DatabaseSync, table: string): Set<string> {
  const rows = db.prepare('SELECT name FROM pragma_table_info(?)').all(table);
  const fields = new Set<string>();
  for (const row of rows) {
    const name = String(row.name);
    if (name.startsWith(COLUMN_PREFIX)) fields.add(name.slice(COLUMN_PREFIX.length));
  }
  return fields;
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * What `json_extract(JSON.stringify(doc), '$.' + field)` gives, without the JSON: a string or a
 * finite number as is, true and false as 1 and 0, an object or array as its JSON text, and NULL for
 * null, a missing field, or one JSON.stringify leaves out or writes as null (undefined, NaN).
 * Like JSON.stringify, it sees only own enumerable properties, follows `toJSON` and unboxes primitives.
 */
export function fieldValueOf(doc: ReadDocument, path: readonly string[]): SQLInputValue {
  let value = jsonViewOf(doc, '');
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !isEnumerable.call(value, key)) return null;
    value = jsonViewOf((value as Record<string, unknown>)[key], key);
  }
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? sqlNumberOf(value) : null;
    case 'boolean':
      return value ? 1 : 0;
    case 'object':
      return value === null ? null : JSON.stringify(value);
    default:
      return null;
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A number as json_extract reads it back from its JSON text. An integer beyond 2^53 is written in
 * digits (below 1e21), which SQLite reads as that exact 64-bit integer, not the double: 2^60 is
 * written 1152921504606847000. Every other number reads back as the same double.
 */
function sqlNumberOf(value: number): number | bigint {
  if (Number.isSafeInteger(value) || !Number.isInteger(value) || Math.abs(value) >= 1e21) return value;
  const digits = BigInt(String(value));
  return digits >= INT64_MIN && digits <= INT64_MAX ? digits : value;
}

/** A value as JSON.stringify sees it: its `toJSON` result when it has one, a boxed primitive unboxed. */
function jsonViewOf(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
  const seen: unknown = typeof toJSON === 'function' ? toJSON.call(value, key) : value;
  if (seen instanceof Number || seen instanceof String || seen instanceof Boolean) return seen.valueOf();
  return seen;
}
