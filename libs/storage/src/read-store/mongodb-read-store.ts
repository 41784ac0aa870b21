import {
  MongoClient,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Filter,
  type IndexDescription,
} from 'mongodb';
import type {
  CollectionSpec,
  FieldCondition,
  FindQuery,
  PutOptions,
  ReadDocument,
  ReadStore,
  WriteUnit,
} from './read-store.port';

/** Options of the MongoDB read store. */
export interface MongoReadStoreOptions {
  readonly url: string;
  /** Defaults to the database named in the URL (the driver's default when the URL names none). */
  readonly dbName?: string;
  readonly serverSelectionTimeoutMS?: number;
}

/** A read-model document as stored: the caller's fields plus the id and the optional expiry. */
interface StoredDocument {
  _id: string;
  _expiresAt?: Date;
  [field: string]: unknown;
}

interface CheckpointDocument {
  _id: string;
  position: number;
}

// Same rules as the SQLite adapter, so a name valid on one engine is valid on the other.
const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const CHECKPOINTS = 'checkpoints';
const TTL_INDEX = 'expires_at_ttl';

/** Read store on MongoDB: one collection per read model, checkpoints in `checkpoints`. */
export class MongoReadStore implements ReadStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private connection: Promise<void> | undefined;

  constructor(options: MongoReadStoreOptions) {
    // The driver connects on first use. Without a low selection timeout a missing server hangs
    // every call for 30 s; ignoreUndefined drops undefined fields as JSON (and SQLite) does.
    this.client = new MongoClient(options.url, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 3000,
      ignoreUndefined: true,
    });
    this.db = this.client.db(options.dbName);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const collection = await this.collection(spec.name);
    const indexes: IndexDescription[] = [
      // TTL deletion runs about once a minute; reads filter on _expiresAt as well.
      { key: { _expiresAt: 1 }, name: TTL_INDEX, expireAfterSeconds: 0 },
      ...spec.indexes.map((field) => ({ key: { [fieldOf(field)]: 1 } })),
    ];
    // createIndexes creates the collection too, and is a no-op for indexes that already exist.
    await collection.createIndexes(indexes);
  }

  async dropCollection(name: string): Promise<void> {
    await this.collection(name);
    // The driver answers false instead of throwing when the collection does not exist.
    await this.db.dropCollection(name);
  }

  async listCollections(): Promise<string[]> {
    await this.connected();
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos
      .map((info) => info.name)
      .filter((name) => COLLECTION_NAME.test(name) && name !== CHECKPOINTS)
      .sort();
  }

  async get<T extends ReadDocument = ReadDocument>(collection: string, id: string): Promise<T | null> {
    const target = await this.collection(collection);
    const found = await target.findOne({ _id: id, ...live() });
    return found ? toDocument<T>(found) : null;
  }

  async getMany<T extends ReadDocument = ReadDocument>(
    collection: string,
    ids: readonly string[],
  ): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    if (ids.length === 0) return found;
    const target = await this.collection(collection);
    const cursor = target.find({ _id: { $in: [...ids] }, ...live() });
    for await (const stored of cursor) found.set(stored._id, toDocument<T>(stored));
    return found;
  }

  async find<T extends ReadDocument = ReadDocument>(collection: string, query: FindQuery = {}): Promise<T[]> {
    const target = await this.collection(collection);
    const filter = { ...filterOf(query.where), ...live() };
    const sort: Record<string, 1 | -1> = {};
    for (const { field, direction } of query.sort ?? []) sort[fieldOf(field)] = directionOf(direction);
    // The id breaks ties so that pages never overlap, as in the SQLite adapter.
    sort._id = 1;
    const limit = countOf('limit', query.limit);
    const offset = countOf('offset', query.offset) ?? 0;
    // MongoDB reads limit 0 as "no limit".
    if (limit === 0) return [];
    let cursor = target.find(filter).sort(sort).skip(offset);
    if (limit !== undefined) cursor = cursor.limit(limit);
    const stored = await cursor.toArray();
    return stored.map((doc) => toDocument<T>(doc));
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    const target = await this.collection(collection);
    return target.countDocuments({ ...filterOf(where), ...live() });
  }

  async put(collection: string, id: string, doc: ReadDocument, options: PutOptions = {}): Promise<void> {
    const target = await this.collection(collection);
    await target.replaceOne({ _id: id }, storedOf(id, doc, options.expiresAt), { upsert: true });
  }

  async delete(collection: string, id: string): Promise<void> {
    const target = await this.collection(collection);
    await target.deleteOne({ _id: id });
  }

  async commit(unit: WriteUnit): Promise<void> {
    await this.connected();
    await this.client.withSession((session) =>
      // withTransaction may run the callback again on a transient error: every write is an
      // idempotent replace, delete or set, so a retry lands the same state.
      session.withTransaction(() => this.applyUnit(unit, session)),
    );
  }

  async getCheckpoint(name: string): Promise<number | null> {
    const checkpoints = await this.checkpoints();
    const found = await checkpoints.findOne({ _id: name });
    return found ? found.position : null;
  }

  async ping(): Promise<boolean> {
    try {
      await this.connected();
      const answer = await this.db.command({ ping: 1 });
      return answer.ok === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async applyUnit(unit: WriteUnit, session: ClientSession): Promise<void> {
    // One bulk write per collection, in order of first appearance; puts come before deletes as in
    // SQLite, which only matters when the same id is both put and deleted.
    const batches = new Map<string, AnyBulkWriteOperation<StoredDocument>[]>();
    const batchOf = (collection: string): AnyBulkWriteOperation<StoredDocument>[] => {
      let batch = batches.get(collection);
      if (!batch) batches.set(collection, (batch = []));
      return batch;
    };
    for (const put of unit.puts) {
      const replacement = storedOf(put.id, put.doc, put.expiresAt);
      batchOf(put.collection).push({ replaceOne: { filter: { _id: put.id }, replacement, upsert: true } });
    }
    for (const del of unit.deletes) batchOf(del.collection).push({ deleteOne: { filter: { _id: del.id } } });
    // Names are checked batch by batch, inside the transaction: a bad one aborts the writes before it.
    for (const [collection, operations] of batches) {
      const target = await this.collection(collection);
      await target.bulkWrite(operations, { session, ordered: true });
    }
    if (unit.checkpoint) {
      const { name, position } = unit.checkpoint;
      const checkpoints = await this.checkpoints();
      await checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true, session });
    }
  }

  /** Checks the name before any I/O, so a bad name fails the same with or without a server. */
  private async collection(name: string): Promise<Collection<StoredDocument>> {
    if (!COLLECTION_NAME.test(name) || name === CHECKPOINTS) {
      throw new Error(`Invalid read-store collection name "${name}": expected /^[a-z][a-z0-9_]*$/`);
    }
    await this.connected();
    return this.db.collection<StoredDocument>(name);
  }

  private async checkpoints(): Promise<Collection<CheckpointDocument>> {
    await this.connected();
    return this.db.collection<CheckpointDocument>(CHECKPOINTS);
  }

  /**
   * Connects explicitly rather than relying on the driver's connect-on-first-use: after a failed
   * first connection (server not up yet) that leaves the client closed for good, whereas calling
   * connect() again retries. Once connected, the driver rides out server restarts itself.
   */
  private connected(): Promise<void> {
    this.connection ??= this.client.connect().then(
      () => undefined,
      (error: unknown) => {
        this.connection = undefined;
        throw error;
      },
    );
    return this.connection;
  }
}

/** Matches documents without an expiry or whose expiry is still ahead (missing matches $not). */
function live(): Filter<StoredDocument> {
  return { _expiresAt: { $not: { $lte: new Date() } } };
}

function storedOf(id: string, doc: ReadDocument, expiresAt: number | undefined): StoredDocument {
  const stored: StoredDocument = { ...doc, _id: id };
  if (expiresAt !== undefined) stored._expiresAt = new Date(expiresAt);
  return stored;
}

/** The port's document type is the caller's claim; the driver cannot check it. */
function toDocument<T extends ReadDocument>(stored: StoredDocument): T {
  const { _id: _ignoredId, _expiresAt: _ignoredExpiry, ...doc } = stored;
  return doc as T;
}

/** Equality and $in in MongoDB are already type-exact, and null also matches a missing field. */
function filterOf(where: FindQuery['where']): Filter<StoredDocument> {
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
