import { checkpointName, isTransientStoreError, type ReadStore, type RecordedEvent } from '@app/storage';
import { FailedEvents, failedEventId, failedEventRecord, type FailedEvent } from './failed-events';
import type { ProjectionApplier } from './projection-applier';

export interface ResilientApplierOptions {
  /** How long the list of blocked streams is trusted before it is read again (a replay elsewhere may clear it). */
  readonly blockedStreamsTtlMs?: number;
  /** Wait before the second attempt at a single event, so a passing hiccup is not taken for poison. */
  readonly retryDelayMs?: number;
}

/**
 * Applies batches so that one event the projections cannot apply does not stop the others. A batch
 * that fails is applied again event by event; an event that still fails while the store answers is
 * recorded as failed (position, stream, error) and the checkpoint moves past it. A transient store
 * error (a lock held elsewhere, a network blip) is never taken for the event's fault. Later events of the
 * same stream are held back and recorded too, so that stream's documents never fold over a gap;
 * `projector retry-failed` replays them in order once the cause is fixed. When the store does not
 * answer, the error is thrown as before and the projector restarts from its checkpoint.
 */
export class ResilientApplier {
  private readonly failures: FailedEvents;
  private blocked: { streams: Map<string, number>; readAt: number } | null = null;

  constructor(
    private readonly store: ReadStore,
    private readonly applier: ProjectionApplier,
    private readonly generation: number,
    private readonly options: ResilientApplierOptions = {},
  ) {
    this.failures = new FailedEvents(store, generation);
  }

  async ensureCollections(options: { readonly indexes?: boolean } = {}): Promise<void> {
    await this.applier.ensureCollections(this.generation, options);
    await this.failures.ensure();
  }

  /** Applies a batch; returns the events recorded as failed (usually none). */
  async apply(batch: readonly RecordedEvent[]): Promise<FailedEvent[]> {
    let blocked = await this.blockedStreams(false);
    if (batch.some((event) => blocked.has(event.streamName))) {
      blocked = await this.blockedStreams(true);
    } else {
      try {
        await this.applier.apply(batch, this.generation);
        return [];
      } catch (error) {
        if (!(await this.isEventsFault(error))) throw error;
      }
    }
    const failed: FailedEvent[] = [];
    for (const event of batch) {
      const heldBehind = blocked.get(event.streamName);
      const error = heldBehind === undefined ? await this.applyAlone(event) : null;
      if (heldBehind === undefined && error === null) continue;
      const record = failedEventRecord(event, error, heldBehind ?? null);
      await this.store.commit({
        puts: [{ collection: this.failures.collection, id: failedEventId(event.position), doc: record }],
        deletes: [],
        checkpoint: { name: checkpointName(this.generation), position: event.position },
      });
      if (heldBehind === undefined) blocked.set(event.streamName, event.position);
      failed.push(record);
    }
    return failed;
  }

  /** Applies one event, twice if needed; returns the error when it is the event's fault, throws when it is the store's. */
  private async applyAlone(event: RecordedEvent): Promise<unknown> {
    let lastError: unknown = null;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await this.applier.apply([event], this.generation);
        return null;
      } catch (error) {
        if (!(await this.isEventsFault(error))) throw error;
        lastError = error;
        if (attempt === 0) await delay(this.options.retryDelayMs ?? 50);
      }
    }
    return lastError;
  }

  private async blockedStreams(fresh: boolean): Promise<Map<string, number>> {
    const ttl = this.options.blockedStreamsTtlMs ?? 1000;
    if (fresh || !this.blocked || Date.now() - this.blocked.readAt > ttl) {
      this.blocked = { streams: await this.failures.blockedStreams(), readAt: Date.now() };
    }
    return this.blocked.streams;
  }

  /** An error is the event's fault only when it is not a known transient one and the store still answers. */
  private async isEventsFault(error: unknown): Promise<boolean> {
    if (isTransientStoreError(error)) return false;
    try {
      return await this.store.ping();
    } catch {
      return false;
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
