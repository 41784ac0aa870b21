/** A read-model document: any JSON object. Its id is given beside it, not inside it. */
export type ReadDocument = Record<string, unknown>;

/** A collection and the fields that `find` may filter and sort on. Field names may be dotted paths. */
export interface CollectionSpec {
  readonly name: string;
  readonly indexes: readonly string[];
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

/** Writes applied all together, with the projector checkpoint when one is given. */
export interface WriteUnit {
  readonly puts: ReadonlyArray<{ collection: string; id: string; doc: ReadDocument; expiresAt?: number }>;
  readonly deletes: ReadonlyArray<{ collection: string; id: string }>;
  readonly checkpoint?: { readonly name: string; readonly position: number };
}

/** Port of the read store: documents built by projections, queried by the api. */
export interface ReadStore {
  /** Creates the collection and its indexes if missing. Idempotent. */
  ensureCollection(spec: CollectionSpec): Promise<void>;
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;
  get<T extends ReadDocument = ReadDocument>(collection: string, id: string): Promise<T | null>;
  getMany<T extends ReadDocument = ReadDocument>(collection: string, ids: readonly string[]): Promise<Map<string, T>>;
  find<T extends ReadDocument = ReadDocument>(collection: string, query?: FindQuery): Promise<T[]>;
  count(collection: string, where?: FindQuery['where']): Promise<number>;
  put(collection: string, id: string, doc: ReadDocument, options?: PutOptions): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  /** Applies the unit atomically: either every write and the checkpoint land, or none. */
  commit(unit: WriteUnit): Promise<void>;
  getCheckpoint(name: string): Promise<number | null>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const READ_STORE = Symbol('READ_STORE');
