import { upcast } from '@app/contracts/events/upcast';
import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import type { ReadDocument, ReadStore, RecordedEvent, WriteUnit } from '@app/storage';
import type { DocumentChange, Projection } from '../projection';
import { checkpointName } from '@app/storage';

interface Touch {
  readonly projection: Projection;
  readonly collection: string;
  readonly id: string;
}

/**
 * Applies batches of events to the read models of one generation: loads the touched documents,
 * folds the pure projections over them, and commits documents and checkpoint in one unit, so a
 * crash either keeps the whole batch or none of it.
 */
export class ProjectionApplier {
  private readonly byType = new Map<string, Projection[]>();
  /** Names of the projections another one follows (see `Projection.follows`). */
  private readonly followed = new Set<string>();

  constructor(
    private readonly store: ReadStore,
    readonly projections: readonly Projection[],
  ) {
    for (const projection of projections) {
      for (const type of projection.canHandle) this.byType.set(type, [...(this.byType.get(type) ?? []), projection]);
      if (projection.follows) this.followed.add(projection.follows.of);
    }
  }

  /**
   * Creates the generation's collections. `indexes: false` leaves out the secondary indexes: a
   * rebuild loads a fresh generation without them and builds each index once at the end, instead
   * of updating every index on every write of a document that changes many times.
   */
  async ensureCollections(generation: number, options: { readonly indexes?: boolean } = {}): Promise<void> {
    for (const projection of this.projections) {
      const indexes = options.indexes === false ? [] : projection.indexes;
      await this.store.ensureCollection({ name: physicalCollectionName(projection, generation), indexes });
    }
  }

  async dropGeneration(generation: number): Promise<void> {
    for (const projection of this.projections) await this.store.dropCollection(physicalCollectionName(projection, generation));
  }

  async getCheckpoint(generation: number): Promise<number> {
    return (await this.store.getCheckpoint(checkpointName(generation))) ?? 0;
  }

  /**
   * Applies a batch and, unless `checkpoint` is false (a replay of old failures must not move it
   * back), advances the generation's checkpoint to its last event. `extra` writes commit in the same
   * unit, so bookkeeping about the batch lands exactly when the batch does.
   */
  async apply(
    rawEvents: readonly RecordedEvent[],
    generation: number,
    options: { readonly checkpoint?: boolean; readonly extra?: Partial<WriteUnit> } = {},
  ): Promise<void> {
    const unit = rawEvents.length === 0 ? { puts: [], deletes: [] } : await this.fold(rawEvents, generation);
    const last = rawEvents[rawEvents.length - 1];
    const checkpoint = options.checkpoint !== false && last ? { name: checkpointName(generation), position: last.position } : undefined;
    if (unit.puts.length + unit.deletes.length === 0 && !checkpoint && !options.extra) return;
    await this.store.commit({
      puts: [...unit.puts, ...(options.extra?.puts ?? [])],
      deletes: [...unit.deletes, ...(options.extra?.deletes ?? [])],
      checkpoint,
    });
  }

  /** Folds the projections over a batch: the documents to write and delete, not yet committed. */
  private async fold(rawEvents: readonly RecordedEvent[], generation: number): Promise<Pick<WriteUnit, 'puts' | 'deletes'>> {
    const events = rawEvents.map((event) => upcast(event));
    const touchesPerEvent = events.map((event) => this.touches(event, generation));
    const documents = await this.prefetch(touchesPerEvent.flat());
    const dirty = new Map<string, { collection: string; id: string; projection: Projection }>();

    events.forEach((event, index) => {
      const touches = touchesPerEvent[index] ?? [];
      const changes = new Map<string, DocumentChange[]>();
      for (const touch of touches) {
        const key = documentKey(touch.collection, touch.id);
        const before = documents.get(key) ?? null;
        const after = touch.projection.evolve(before, event, touch.id);
        documents.set(key, after);
        dirty.set(key, touch);
        const name = touch.projection.name;
        if (!this.followed.has(name)) continue;
        const list = changes.get(name) ?? [];
        list.push({ before, after });
        changes.set(name, list);
      }
      // Followers tally once the whole event is folded, so they see every change it made.
      for (const { projection, collection, id } of touches) {
        const follows = projection.follows;
        const followed = follows && changes.get(follows.of);
        if (!follows || !followed) continue;
        const key = documentKey(collection, id);
        documents.set(key, follows.tally(documents.get(key) ?? null, followed));
      }
    });

    const unit: { puts: WriteUnit['puts'][number][]; deletes: WriteUnit['deletes'][number][] } = { puts: [], deletes: [] };
    for (const [key, { collection, id, projection }] of dirty) {
      const doc = documents.get(key) ?? null;
      if (doc === null) unit.deletes.push({ collection, id });
      else unit.puts.push({ collection, id, doc, expiresAt: projection.expiresAt?.(doc) });
    }
    return unit;
  }

  private touches(event: RecordedEvent, generation: number): Touch[] {
    const touches: Touch[] = [];
    for (const projection of this.byType.get(event.type) ?? []) {
      const collection = physicalCollectionName(projection, generation);
      for (const id of projection.documentIds(event)) touches.push({ projection, collection, id });
    }
    return touches;
  }

  /** Loads every document the batch touches with one query per collection. */
  private async prefetch(touches: readonly Touch[]): Promise<Map<string, ReadDocument | null>> {
    const idsByCollection = new Map<string, Set<string>>();
    for (const { collection, id } of touches) idsByCollection.set(collection, (idsByCollection.get(collection) ?? new Set()).add(id));
    const documents = new Map<string, ReadDocument | null>();
    for (const [collection, ids] of idsByCollection) {
      const found = await this.store.getMany(collection, [...ids], { forUpdate: true });
      for (const id of ids) documents.set(documentKey(collection, id), found.get(id) ?? null);
    }
    return documents;
  }
}

function documentKey(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
