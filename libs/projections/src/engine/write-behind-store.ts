import type { BulkWriter, CollectionSpec, ExpectedDocument, FindQuery, PutOptions, ReadDocument, ReadOptions, ReadStore, WriteUnit } from '@app/storage';

/** A document as the units in flight left it (null: deleted), and the unit that wrote it. */
interface Pending {
  readonly doc: ReadDocument | null;
  readonly unit: number;
}

/**
 * A read store whose commits go through a bulk writer: `commit` hands the unit over and returns
 * while up to `maxInFlight` units are still being written, and the documents they wrote read from
 * memory until they land, so that folding the next batch sees them. Every other read or write
 * waits for the writer to catch up first, then goes to the store. A unit that fails is not thrown
 * here: from then on commits are dropped and `failure` holds the error, for the caller (a rebuild)
 * to start over without the writer.
 */
export class WriteBehindStore implements ReadStore {
  private readonly pending = new Map<string, Map<string, Pending>>();
  private readonly inFlight: Promise<void>[] = [];
  private units = 0;
  private failed: { readonly error: unknown } | null = null;

  constructor(
    private readonly store: ReadStore,
    private readonly writer: BulkWriter,
    private readonly maxInFlight = 1,
  ) {}

  /** The first unit's failure, if one failed: every commit since was dropped. */
  get failure(): { readonly error: unknown } | null {
    return this.failed;
  }

  async commit(unit: WriteUnit): Promise<void> {
    if (this.failed) return;
    this.units += 1;
    const number = this.units;
    const written: Array<[Map<string, Pending>, string]> = [];
    for (const put of unit.puts) written.push(this.remember(put.collection, put.id, put.doc, number));
    for (const del of unit.deletes) written.push(this.remember(del.collection, del.id, null, number));
    this.inFlight.push(
      this.writer.write(unit).then(
        () => {
          // Landed: the store answers for these documents now, unless a later unit wrote them again.
          for (const [byId, id] of written) if (byId.get(id)?.unit === number) byId.delete(id);
        },
        (error: unknown) => {
          this.failed ??= { error };
        },
      ),
    );
    while (this.inFlight.length > this.maxInFlight) await this.inFlight.shift();
  }

  /** Waits until every unit handed over has landed or failed. */
  async drain(): Promise<void> {
    while (this.inFlight.length > 0) await this.inFlight.shift();
  }

  async get<T extends ReadDocument = ReadDocument>(collection: string, id: string): Promise<T | null> {
    const entry = this.pending.get(collection)?.get(id);
    if (entry !== undefined) return entry.doc as T | null;
    return this.store.get<T>(collection, id);
  }

  async getMany<T extends ReadDocument = ReadDocument>(collection: string, ids: readonly string[], options?: ReadOptions): Promise<Map<string, T>> {
    const byId = this.pending.get(collection);
    if (byId === undefined || byId.size === 0) return this.store.getMany<T>(collection, ids, options);
    const found = new Map<string, T>();
    const rest: string[] = [];
    for (const id of ids) {
      const entry = byId.get(id);
      if (entry === undefined) rest.push(id);
      else if (entry.doc !== null) found.set(id, entry.doc as T);
    }
    if (rest.length > 0) for (const [id, doc] of await this.store.getMany<T>(collection, rest, options)) found.set(id, doc);
    return found;
  }

  async find<T extends ReadDocument = ReadDocument>(collection: string, query?: FindQuery): Promise<T[]> {
    await this.drain();
    return this.store.find<T>(collection, query);
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    await this.drain();
    return this.store.count(collection, where);
  }

  async getCheckpoint(name: string): Promise<number | null> {
    await this.drain();
    return this.store.getCheckpoint(name);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    await this.drain();
    return this.store.ensureCollection(spec);
  }

  async dropCollection(name: string): Promise<void> {
    await this.drain();
    this.pending.delete(name);
    return this.store.dropCollection(name);
  }

  async listCollections(): Promise<string[]> {
    await this.drain();
    return this.store.listCollections();
  }

  async put(collection: string, id: string, doc: ReadDocument, options?: PutOptions): Promise<void> {
    await this.drain();
    this.pending.get(collection)?.delete(id);
    return this.store.put(collection, id, doc, options);
  }

  async delete(collection: string, id: string): Promise<void> {
    await this.drain();
    this.pending.get(collection)?.delete(id);
    return this.store.delete(collection, id);
  }

  async putIf(collection: string, id: string, doc: ReadDocument, expected: ExpectedDocument | null, options?: PutOptions): Promise<boolean> {
    await this.drain();
    this.pending.get(collection)?.delete(id);
    return this.store.putIf(collection, id, doc, expected, options);
  }

  ping(): Promise<boolean> {
    return this.store.ping();
  }

  /** Waits for the writer, then releases it; the store itself stays open (it is not this one's). */
  async close(): Promise<void> {
    await this.drain();
    await this.writer.close();
  }

  private remember(collection: string, id: string, doc: ReadDocument | null, unit: number): [Map<string, Pending>, string] {
    let byId = this.pending.get(collection);
    if (byId === undefined) this.pending.set(collection, (byId = new Map()));
    byId.set(id, { doc, unit });
    return [byId, id];
  }
}
