import { upcast } from '@app/contracts/events/upcast';
import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import type { ReadDocument, ReadStore, RecordedEvent, WriteUnit } from '@app/storage';
import type { DocumentChange, Projection } from '../projection';
import { checkpointName } from '@app/storage';

/** One document a batch touches: where it lives, and its state as the fold goes. */
interface Slot {
  readonly projection: Projection;
  readonly collection: string;
  readonly id: string;
  /** As read before the batch (see WriteUnit's `previous`). */
  loaded: ReadDocument | null;
  doc: ReadDocument | null;
}

/** The documents of one batch, each met once: by collection, then id, and in the order first touched. */
class BatchSlots {
  readonly byCollection = new Map<string, Map<string, Slot>>();
  readonly inOrder: Slot[] = [];

  slot(projection: Projection, collection: string, id: string): Slot {
    let byId = this.byCollection.get(collection);
    if (!byId) this.byCollection.set(collection, (byId = new Map()));
    let slot = byId.get(id);
    if (!slot) {
      slot = { projection, collection, id, loaded: null, doc: null };
      byId.set(id, slot);
      this.inOrder.push(slot);
    }
    return slot;
  }
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
  /**
   * Physical collection names of the last generation applied to. Built once, the same string
   * objects serve every touch, so map lookups keyed by them do not hash a fresh string each time.
   */
  private collections: { readonly generation: number; readonly names: Map<Projection, string> } | null = null;

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
      const name = physicalCollectionName(projection, generation);
      await this.store.ensureCollection({ name, indexes: projection.indexes, deferIndexes: options.indexes === false });
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
    const slots = new BatchSlots();
    const touchesPerEvent = events.map((event) => this.touches(event, generation, slots));
    await this.prefetch(slots);

    events.forEach((event, index) => {
      const touches = touchesPerEvent[index] ?? [];
      // Only events that change a followed read model need their changes kept for the followers.
      let changes: Map<string, DocumentChange[]> | null = null;
      for (const slot of touches) {
        const before = slot.doc;
        const after = slot.projection.evolve(before, event, slot.id);
        slot.doc = after;
        const name = slot.projection.name;
        if (!this.followed.has(name)) continue;
        changes ??= new Map();
        const list = changes.get(name) ?? [];
        list.push({ before, after });
        changes.set(name, list);
      }
      if (changes === null) return;
      // Followers tally once the whole event is folded, so they see every change it made.
      for (const slot of touches) {
        const follows = slot.projection.follows;
        const followed = follows && changes.get(follows.of);
        if (!follows || !followed) continue;
        slot.doc = follows.tally(slot.doc, followed);
      }
    });

    // Every document touched is written back, as the fold left it.
    const unit: { puts: WriteUnit['puts'][number][]; deletes: WriteUnit['deletes'][number][] } = { puts: [], deletes: [] };
    for (const { collection, id, projection, loaded, doc } of slots.inOrder) {
      if (doc === null) unit.deletes.push({ collection, id });
      else unit.puts.push({ collection, id, doc, expiresAt: projection.expiresAt?.(doc), previous: loaded });
    }
    return unit;
  }

  /** The documents an event touches, in the batch's slots. */
  private touches(event: RecordedEvent, generation: number, slots: BatchSlots): Slot[] {
    const touches: Slot[] = [];
    for (const projection of this.byType.get(event.type) ?? []) {
      const collection = this.collectionOf(projection, generation);
      for (const id of projection.documentIds(event)) touches.push(slots.slot(projection, collection, id));
    }
    return touches;
  }

  private collectionOf(projection: Projection, generation: number): string {
    if (this.collections?.generation !== generation) this.collections = { generation, names: new Map() };
    let name = this.collections.names.get(projection);
    if (name === undefined) {
      name = physicalCollectionName(projection, generation);
      this.collections.names.set(projection, name);
    }
    return name;
  }

  /** Loads every document the batch touches into its slot, with one query per collection. */
  private async prefetch(slots: BatchSlots): Promise<void> {
    for (const [collection, byId] of slots.byCollection) {
      const found = await this.store.getMany(collection, [...byId.keys()], { forUpdate: true });
      for (const [id, slot] of byId) slot.doc = slot.loaded = found.get(id) ?? null;
    }
  }
}
