import type { IndexSpec } from './read-store.port';

/** One key of an index: a field and its order. */
export interface IndexKey {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

/** An index as the adapters build it: its keys in order, and whether the document id ends them. */
export interface IndexLayout {
  /** A name that tells indexes apart within one collection: the field alone for a one-field index. */
  readonly name: string;
  readonly keys: readonly IndexKey[];
  readonly endsWithId: boolean;
}

/**
 * Lays out an index spec: a one-field index is that field alone; a compound index is its equality
 * fields, then its sort fields, then the id, matching the order `find` reads a page in.
 */
export function indexLayoutOf(spec: IndexSpec): IndexLayout {
  if (typeof spec === 'string') return { name: spec, keys: [{ field: spec, direction: 'asc' }], endsWithId: false };
  const keys: IndexKey[] = [
    ...spec.equal.map((field): IndexKey => ({ field, direction: 'asc' })),
    ...(spec.sort ?? []).map(({ field, direction }): IndexKey => ({ field, direction })),
  ];
  const name = [...keys.map(({ field, direction }) => (direction === 'desc' ? `${field} desc` : field)), 'id'].join(',');
  return { name, keys, endsWithId: true };
}
