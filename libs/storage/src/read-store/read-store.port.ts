/** A read-model document: any JSON object. Its id is given beside it, not inside it. */
export type ReadDocument = Record<string, unknown>;

/** A collection and its indexes, which serve `find`. Field names may be dotted paths. */
export interface CollectionSpec {
  readonly name: string;
  readonly indexes: readonly IndexSpec[];
  /**
   * Prepares the collection for its indexes without building them: a bulk load into a fresh
   * collection builds each index once at the end (a second call without this flag) instead of
   * updating it on every write.
   */
  readonly deferIndexes?: boolean;
}

/** An index on one field, or a compound index for one shape of query. */
export type IndexSpec = string | CompoundIndexSpec;

/**
 * An index for `find` queries that filter on the `equal` fields (a value or `in`) and sort by
 * `sort`: the adapters key it on those fields in that order and then on the id, which ends every
 * sort, so that such a page is read in index order instead of sorted in memory.
 */
export interface CompoundIndexSpec {
  readonly equal: readonly string[];
  readonly sort?: FindQuery['sort'];
}

export type FieldValue = string | number | boolean | null;

/** Equality on a field, or membership with `{ in: [...] }`. */
export type FieldCondition = FieldValue | { readonly in: readonly FieldValue[] };

export interface FindQuery {
  readonly where?: Readonly<Record<string, FieldCondition>>;
  readonly sort?: ReadonlyArray<{ readonly field: string; readonly direction: 'asc' | 'desc' }>;
  readonly limit?: number;
  readonly offset?: number;
}

export interface PutOptions {
  /** Epoch ms after which the document no longer reads (ephemeral state such as registrations). */
  readonly expiresAt?: number;
}

/**
 * What `putIf` expects to find under the id: a live document whose top-level `field` holds `equals`.
 * `null` in its place expects no live document (none, or only an expired one).
 */
export interface ExpectedDocument {
  readonly field: string;
  readonly equals: string | number | boolean;
}

const TOP_LEVEL_FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Throws unless `expected` names a top-level field, by the same rule on every adapter. */
export function checkExpectedDocument(expected: ExpectedDocument): void {
  if (!TOP_LEVEL_FIELD.test(expected.field)) throw new Error(`Invalid read-store field "${expected.field}": expected a top-level field`);
}

/**
 * Writes applied all together, with the projector checkpoint when one is given. A put may give the
 * document it replaces as it was read for this write (`previous`, null: none): a hint an adapter
 * may use to leave alone what did not change (never trusted over what it stores).
 */
export interface WriteUnit {
  readonly puts: ReadonlyArray<{ collection: string; id: string; doc: ReadDocument; expiresAt?: number; previous?: ReadDocument | null }>;
  readonly deletes: ReadonlyArray<{ collection: string; id: string }>;
  readonly checkpoint?: { readonly name: string; readonly position: number };
}

/**
 * Commits units on a connection and a thread of its own, in the order given, while the caller goes
 * on: for a bulk load that nobody reads until it ends (a rebuild into a fresh generation). `write`
 * resolves once its unit is committed. After a unit fails, every later one rejects without being
 * written, so the store is left at the boundary of the last unit that landed.
 */
export interface BulkWriter {
  write(unit: WriteUnit): Promise<void>;
  /** Waits for the units written so far, then releases the connection. */
  close(): Promise<void>;
}

/** How a read is meant. */
export interface ReadOptions {
  /** The caller reads these documents to write them next (the projector): an adapter with a read cache does not keep them. */
  readonly forUpdate?: boolean;
}

/** Port of the read store: documents built by projections, queried by the api. */
export interface ReadStore {
  /** Creates the collection and its indexes if missing. Idempotent. */
  ensureCollection(spec: CollectionSpec): Promise<void>;
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;
  get<T extends ReadDocument = ReadDocument>(collection: string, id: string): Promise<T | null>;
  getMany<T extends ReadDocument = ReadDocument>(collection: string, ids: readonly string[], options?: ReadOptions): Promise<Map<string, T>>;
  find<T extends ReadDocument = ReadDocument>(collection: string, query?: FindQuery): Promise<T[]>;
  count(collection: string, where?: FindQuery['where']): Promise<number>;
  put(collection: string, id: string, doc: ReadDocument, options?: PutOptions): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  /**
   * Puts the document only if what `id` holds is as `expected` says, and says whether it did. The
   * check and the write are one atomic step, between processes too: a claim that only one of them
   * wins, or a lease that only its holder renews (an expired document counts as none).
   */
  putIf(collection: string, id: string, doc: ReadDocument, expected: ExpectedDocument | null, options?: PutOptions): Promise<boolean>;
  /** Applies the unit atomically: either every write and the checkpoint land, or none. */
  commit(unit: WriteUnit): Promise<void>;
  getCheckpoint(name: string): Promise<number | null>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * A bulk writer to this store, where the adapter has one worth having (null otherwise: the
   * caller commits as usual). What it writes is not seen by this store's reads until committed.
   */
  openBulkWriter?(): BulkWriter | null;
}

export const READ_STORE = Symbol('READ_STORE');

/**
 * A document the store cannot hold (over its size or nesting limits, a key it refuses), thrown by
 * `put` and `commit` before anything is written. Retrying cannot help: the caller gives up on the
 * write (the projector records the event as failed).
 */
export class UnstorableDocumentError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
    readonly reason: string,
  ) {
    super(`Document ${id} of ${collection} cannot be stored: ${reason}`);
    this.name = 'UnstorableDocumentError';
  }
}
