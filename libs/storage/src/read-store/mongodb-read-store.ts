import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type IndexDescription,
} from 'mongodb';
import { ConfigurationError } from '../environment/environment-variables';
import { bsonLimitViolation } from './mongodb-document-limits';
import { filterOf, indexOf, live, mongoFindOf, type StoredDocument } from './mongodb-read-query';
import { serverProblem } from './mongodb-server-check';
import {
  checkExpectedDocument,
  UnstorableDocumentError,
  type CollectionSpec,
  type ExpectedDocument,
  type FindQuery,
  type PutOptions,
  type ReadDocument,
  type ReadStore,
  type WriteUnit,
} from './read-store.port';

/** Options of the MongoDB read store. */
export interface MongoReadStoreOptions {
  readonly url: string;
  /** Defaults to the database named in the URL (the driver's default when the URL names none). */
  readonly dbName?: string;
  readonly serverSelectionTimeoutMS?: number;
}

/** A write unit whose puts were checked and turned into stored documents. */
interface CheckedWriteUnit extends WriteUnit {
  readonly puts: ReadonlyArray<WriteUnit['puts'][number] & { readonly stored: StoredDocument }>;
}

interface CheckpointDocument {
  _id: string;
  position: number;
}

// Same rule as the SQLite adapter, so a name valid on one engine is valid on the other.
const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;
const CHECKPOINTS = 'checkpoints';
const TTL_INDEX = 'expires_at_ttl';
const DUPLICATE_KEY = 11000;

/**
 * Read store on MongoDB 5.0 or later, a replica set or a sharded cluster (commits are transactions):
 * one collection per read model, checkpoints in `checkpoints`.
 */
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
      ...(spec.deferIndexes ? [] : spec.indexes.map(indexOf)),
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
    const { filter, sort, skip, limit } = mongoFindOf(query);
    // MongoDB reads limit 0 as "no limit".
    if (limit === 0) return [];
    let cursor = target.find(filter).sort(sort).skip(skip);
    if (limit !== undefined) cursor = cursor.limit(limit);
    const stored = await cursor.toArray();
    return stored.map((doc) => toDocument<T>(doc));
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    const target = await this.collection(collection);
    return target.countDocuments({ ...filterOf(where), ...live() });
  }

  async put(collection: string, id: string, doc: ReadDocument, options: PutOptions = {}): Promise<void> {
    const stored = storableOf(collection, id, doc, options.expiresAt);
    const target = await this.collection(collection);
    await target.replaceOne({ _id: id }, stored, { upsert: true });
  }

  async delete(collection: string, id: string): Promise<void> {
    const target = await this.collection(collection);
    await target.deleteOne({ _id: id });
  }

  async putIf(collection: string, id: string, doc: ReadDocument, expected: ExpectedDocument | null, options: PutOptions = {}): Promise<boolean> {
    const stored = storableOf(collection, id, doc, options.expiresAt);
    const target = await this.collection(collection);
    if (expected !== null) {
      checkExpectedDocument(expected);
      const replaced = await target.replaceOne({ _id: id, [expected.field]: expected.equals, ...live() }, stored);
      return replaced.matchedCount === 1;
    }
    try {
      // Replaces an expired document; with a live one the filter misses and the insert meets its id.
      await target.replaceOne({ _id: id, _expiresAt: { $lte: new Date() } }, stored, { upsert: true });
      return true;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async commit(unit: WriteUnit): Promise<void> {
    // Every document is checked before the transaction starts: one that cannot be stored fails the
    // same on every retry, so it must not get as far as the server.
    const puts = unit.puts.map((put) => ({ ...put, stored: storableOf(put.collection, put.id, put.doc, put.expiresAt) }));
    await this.connected();
    await this.client.withSession((session) =>
      // withTransaction may run the callback again on a transient error: every write is an
      // idempotent replace, delete or set, so a retry lands the same state.
      session.withTransaction(() => this.applyUnit({ ...unit, puts }, session)),
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

  /**
   * Connects and checks the server is one the store can work with; throws ConfigurationError (and
   * closes the store) when it is not. A server that does not answer is left to later calls, which
   * check it again when they reach it.
   */
  async verifyServer(): Promise<void> {
    try {
      await this.connected();
    } catch (error) {
      if (!(error instanceof ConfigurationError)) return;
      await this.close();
      throw error;
    }
  }

  private async applyUnit(unit: CheckedWriteUnit, session: ClientSession): Promise<void> {
    // One bulk write per collection, in order of first appearance; puts come before deletes as in
    // SQLite, which only matters when the same id is both put and deleted.
    const batches = new Map<string, AnyBulkWriteOperation<StoredDocument>[]>();
    const batchOf = (collection: string): AnyBulkWriteOperation<StoredDocument>[] => {
      let batch = batches.get(collection);
      if (!batch) batches.set(collection, (batch = []));
      return batch;
    };
    for (const put of unit.puts) {
      batchOf(put.collection).push({ replaceOne: { filter: { _id: put.id }, replacement: put.stored, upsert: true } });
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
    this.connection ??= this.connectAndCheck().catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }

  /** Connects, then refuses a server the store cannot work with, naming what to change. */
  private async connectAndCheck(): Promise<void> {
    await this.client.connect();
    const hello = await this.client.db('admin').command({ hello: 1 });
    const problem = serverProblem(hello);
    if (problem !== undefined) throw new ConfigurationError([problem]);
  }
}

/** The document as stored, or an UnstorableDocumentError when MongoDB would refuse it. */
function storableOf(collection: string, id: string, doc: ReadDocument, expiresAt: number | undefined): StoredDocument {
  const stored = storedOf(id, doc, expiresAt);
  const reason = bsonLimitViolation(stored);
  if (reason !== undefined) throw new UnstorableDocumentError(collection, id, reason);
  return stored;
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
