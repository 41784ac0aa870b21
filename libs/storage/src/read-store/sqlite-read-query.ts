import type { SQLInputValue } from 'node:sqlite';
import { checkedField, columnOf } from './sqlite-field-columns';
import type { FieldCondition, FieldValue, FindQuery } from './read-store.port';

/** The fields a table holds in columns (see sqlite-field-columns.ts); the others are read from the document. */
export type FieldColumns = ReadonlySet<string>;

/** Rows not expired at the time bound to its parameter. */
export const LIVE = '(expires_at IS NULL OR expires_at > ?)';

/** The SELECT of a find query on `table` (whose field columns are `columns`) at time `now`, and its parameters. */
export function findStatement(
  table: string,
  query: FindQuery,
  now: number,
  columns: FieldColumns,
): { sql: string; params: SQLInputValue[] } {
  const params: SQLInputValue[] = [now];
  const where = [LIVE, ...whereClauses(query.where, params, columns)].join(' AND ');
  // The id breaks ties so that pages never overlap.
  const order = [...(query.sort ?? []).map((s) => `${fieldSqlOf(s.field, columns)} ${directionOf(s.direction)}`), 'id ASC'];
  params.push(countOf('limit', query.limit) ?? -1, countOf('offset', query.offset) ?? 0);
  return { sql: `SELECT doc, expires_at FROM "${table}" WHERE ${where} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`, params };
}

/** The SELECT counting the live documents of `table` that match `where` at time `now`, and its parameters. */
export function countStatement(
  table: string,
  where: FindQuery['where'],
  now: number,
  columns: FieldColumns,
): { sql: string; params: SQLInputValue[] } {
  const params: SQLInputValue[] = [now];
  const clauses = [LIVE, ...whereClauses(where, params, columns)].join(' AND ');
  return { sql: `SELECT count(*) AS n FROM "${table}" WHERE ${clauses}`, params };
}

/** SQL reading a field from the document: for a field without a column, and what a new column is filled with. */
export function extractOf(field: string): string {
  return `json_extract(doc, '$.${checkedField(field)}')`;
}

/** SQL of a field's value: its column when the table has one (the same value, see fieldValueOf), else read from the document. */
function fieldSqlOf(field: string, columns: FieldColumns): string {
  return columns.has(field) ? columnOf(field) : extractOf(field);
}

function typeOf(field: string): string {
  return `json_type(doc, '$.${field}')`;
}

/** SQL of a sort direction. */
export function directionOf(direction: string): string {
  if (direction === 'asc') return 'ASC';
  if (direction === 'desc') return 'DESC';
  throw new Error(`Invalid sort direction "${direction}"`);
}

/** A limit or offset, checked to be a non-negative integer. */
export function countOf(label: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Invalid ${label} ${value}`);
  return value;
}

/**
 * WHERE clauses of a find query; their parameters are pushed onto `params`.
 * json_extract turns JSON true/false into 1/0 and objects into JSON text, so a comparison that could
 * meet them also checks json_type: true never matches 1 and "{}" never matches an object. Other
 * values skip that check, which would read every document, so the index alone answers them. The
 * value term (the field's column, or json_extract) comes first and alone on its side so the index
 * serves it. A field column holds json_extract's value, so the same clauses hold with it.
 */
export function whereClauses(where: FindQuery['where'], params: SQLInputValue[], columns: FieldColumns): string[] {
  return Object.entries(where ?? {}).map(([field, condition]) => conditionClause(field, condition, params, columns));
}

function conditionClause(field: string, condition: FieldCondition, params: SQLInputValue[], columns: FieldColumns): string {
  if (typeof condition !== 'object' || condition === null) return equalsClause(field, condition, params, columns);
  const values: readonly unknown[] = condition.in;
  if (!Array.isArray(values) || !values.every(isFieldValue)) {
    throw new Error(`Invalid condition on "${field}": expected a value or { in: [values] }`);
  }
  const strings = values.filter((v) => typeof v === 'string');
  const numbers = values.filter((v) => typeof v === 'number').map((v) => finite(field, v));
  const parts: string[] = [];
  const member = (typeTest: string, members: readonly unknown[], checkType: boolean): string =>
    memberClause(field, typeTest, members, checkType, params, columns);
  if (strings.length > 0) parts.push(member("= 'text'", strings, strings.some(mayMatchContainer)));
  if (numbers.length > 0) parts.push(member("IN ('integer', 'real')", numbers, numbers.some(mayMatchBoolean)));
  if (values.includes(true)) parts.push(equalsClause(field, true, params, columns));
  if (values.includes(false)) parts.push(equalsClause(field, false, params, columns));
  if (values.includes(null)) parts.push(equalsClause(field, null, params, columns));
  return parts.length === 0 ? '0' : `(${parts.join(' OR ')})`;
}

function memberClause(
  field: string,
  typeTest: string,
  values: readonly unknown[],
  checkType: boolean,
  params: SQLInputValue[],
  columns: FieldColumns,
): string {
  params.push(JSON.stringify(values));
  const member = `${fieldSqlOf(field, columns)} IN (SELECT value FROM json_each(?))`;
  return checkType ? `(${member} AND ${typeOf(field)} ${typeTest})` : member;
}

/** Whether json_extract could give this string for an object or array (their JSON text). */
function mayMatchContainer(value: string): boolean {
  return value.startsWith('{') || value.startsWith('[');
}

/** Whether json_extract could give this number for a boolean (1 or 0). */
function mayMatchBoolean(value: number): boolean {
  return value === 0 || value === 1;
}

function equalsClause(field: string, value: FieldValue, params: SQLInputValue[], columns: FieldColumns): string {
  const extract = fieldSqlOf(field, columns);
  // SQL NULL from json_extract means JSON null or a missing field: both count as null.
  if (value === null) return `${extract} IS NULL`;
  if (value === true) return `(${extract} = 1 AND ${typeOf(field)} = 'true')`;
  if (value === false) return `(${extract} = 0 AND ${typeOf(field)} = 'false')`;
  if (typeof value === 'number') {
    params.push(finite(field, value));
    return mayMatchBoolean(value) ? `(${extract} = ? AND ${typeOf(field)} IN ('integer', 'real'))` : `${extract} = ?`;
  }
  if (typeof value === 'string') {
    params.push(value);
    return mayMatchContainer(value) ? `(${extract} = ? AND ${typeOf(field)} = 'text')` : `${extract} = ?`;
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
