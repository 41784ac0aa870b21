import type { ReadDocument } from './read-store.port';

/** Prefix of collection tables: it keeps them apart from other tables sharing the file (the event store may). */
export const TABLE_PREFIX = 'rm_';
/** The table of projector checkpoints, outside the collection namespace. */
export const CHECKPOINTS_TABLE = 'read_checkpoints';

const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;
// Same reserved name as the MongoDB adapter, where the checkpoints live in a collection.
const RESERVED_NAMES: ReadonlySet<string> = new Set(['checkpoints']);

/** Whether a name is one a caller may give a collection. */
export function isCollectionName(name: string): boolean {
  return COLLECTION_NAME.test(name) && !RESERVED_NAMES.has(name);
}

// Every write names its collection: checked names are remembered, and the same table string
// comes back each time (a string's hash is computed once, so the maps keyed by tables stay cheap).
const checkedTables = new Map<string, string>();
const CHECKED_TABLES_LIMIT = 1024;

/** The table of a collection; throws on a name that is not a valid collection name. */
export function tableOf(collection: string): string {
  const checked = checkedTables.get(collection);
  if (checked !== undefined) return checked;
  if (!isCollectionName(collection)) {
    throw new Error(`Invalid read-store collection name "${collection}": expected /^[a-z][a-z0-9_]*$/`);
  }
  if (checkedTables.size >= CHECKED_TABLES_LIMIT) checkedTables.clear();
  const table = TABLE_PREFIX + collection;
  checkedTables.set(collection, table);
  return table;
}

/** Whether a SQLite error says the table does not exist. */
// Duck-typed rather than instanceof: node:sqlite errors come from Node's own realm, which is not
// the realm of the caller under jest.
export function isMissingTable(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message.startsWith('no such table')
  );
}

/** Runs a statement on a table that may not exist yet; a missing table reads as `empty`. */
export function readOr<R>(empty: R, read: () => R): R {
  try {
    return read();
  } catch (error) {
    if (isMissingTable(error)) return empty;
    throw error;
  }
}

/** Parses a stored document. The port's document type is the caller's claim; JSON.parse cannot check it. */
export function parseDocument<T extends ReadDocument>(text: unknown): T {
  if (typeof text !== 'string') throw new Error('Corrupt read-store row: document is not text');
  const doc: T = JSON.parse(text);
  return doc;
}
