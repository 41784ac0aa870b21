import type { Filter, IndexDescription } from 'mongodb';
import { indexLayoutOf } from './index-keys';
import type { FieldCondition, FindQuery, IndexSpec } from './read-store.port';

/** A read-model document as stored: the caller's fields plus the id and the optional expiry. */
export interface StoredDocument {
  _id: string;
  _expiresAt?: Date;
  [field: string]: unknown;
}

// Same rule as the SQLite adapter, so a path valid on one engine is valid on the other.
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The index of a spec: a compound one ends with `_id`, as every `find` sort does. */
export function indexOf(spec: IndexSpec): IndexDescription {
  const layout = indexLayoutOf(spec);
  const key: Record<string, 1 | -1> = {};
  for (const { field, direction } of layout.keys) key[fieldOf(field)] = directionOf(direction);
  if (layout.endsWithId) key._id = 1;
  return { key };
}

/** A find query as MongoDB runs it: the id ends every sort, so pages never overlap (as in SQLite). */
export function mongoFindOf(query: FindQuery): {
  filter: Filter<StoredDocument>;
  sort: Record<string, 1 | -1>;
  skip: number;
  limit: number | undefined;
} {
  const sort: Record<string, 1 | -1> = {};
  for (const { field, direction } of query.sort ?? []) sort[fieldOf(field)] = directionOf(direction);
  sort._id = 1;
  return {
    filter: { ...filterOf(query.where), ...live() },
    sort,
    skip: countOf('offset', query.offset) ?? 0,
    limit: countOf('limit', query.limit),
  };
}

/** Matches documents without an expiry or whose expiry is still ahead (missing matches $not). */
export function live(): Filter<StoredDocument> {
  return { _expiresAt: { $not: { $lte: new Date() } } };
}

/** Equality and $in in MongoDB are already type-exact, and null also matches a missing field. */
export function filterOf(where: FindQuery['where']): Filter<StoredDocument> {
  const filter: Filter<StoredDocument> = {};
  for (const [field, condition] of Object.entries(where ?? {})) filter[fieldOf(field)] = conditionOf(field, condition);
  return filter;
}

function conditionOf(field: string, condition: FieldCondition): FieldCondition | { $in: unknown[] } {
  if (typeof condition !== 'object' || condition === null) return valueOf(field, condition);
  const values: readonly unknown[] = condition.in;
  if (!Array.isArray(values)) throw new Error(`Invalid condition on "${field}": expected a value or { in: [values] }`);
  return { $in: values.map((value) => valueOf(field, value)) };
}

function valueOf(field: string, value: unknown): string | number | boolean | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Invalid condition value on "${field}"`);
}

function fieldOf(field: string): string {
  if (!FIELD_PATH.test(field)) throw new Error(`Invalid read-store field path "${field}"`);
  return field;
}

function directionOf(direction: string): 1 | -1 {
  if (direction === 'asc') return 1;
  if (direction === 'desc') return -1;
  throw new Error(`Invalid sort direction "${direction}"`);
}

function countOf(label: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Invalid ${label} ${value}`);
  return value;
}
