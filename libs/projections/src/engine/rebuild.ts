import { GenerationRegistry, type EventStore, type ReadStore } from '@app/storage';
import type { Projection } from '../projection';
import { dropGenerationsBefore, GENERATION_SWITCH_GRACE_MS } from './old-generations';
import { ProjectionApplier } from './projection-applier';
import { ResilientApplier } from './resilient-applier';
import { WriteBehindStore } from './write-behind-store';

export interface RebuildProgress {
  readonly position: number;
  readonly head: number;
  readonly events: number;
  /** Events recorded as failed so far (see `projector retry-failed`). */
  readonly failed: number;
}

export interface RebuildResult {
  readonly generation: number;
  readonly previousGeneration: number;
  readonly events: number;
  readonly failed: number;
  /** Time to replay the log and switch (the wait before dropping old collections is not counted). */
  readonly durationMs: number;
}

export interface RebuildOptions {
  readonly onProgress?: (progress: RebuildProgress) => void;
  readonly pageSize?: number;
  /** Wait between the switch and dropping the old collections (tests shorten it). */
  readonly switchGraceMs?: number;
  /** The store's bulk writer failed: the replay starts over with ordinary commits (progress restarts). */
  readonly onBulkWriteFailure?: (error: unknown) => void;
}

/**
 * Replays the whole log into a fresh generation of collections beside the live ones, then makes it
 * the active generation. Readers keep the old collections until the switch; older generations'
 * collections are dropped once readers have had time to follow it. An event the projections cannot
 * apply is recorded as failed in the new generation, as the live projector would, and the replay goes on.
 *
 * Where the store has a bulk writer, the bulk of the replay commits through it (see
 * WriteBehindStore): one batch is written on another thread while the next is folded. Should the
 * writer fail, the generation is loaded again from the start with ordinary commits, which decide
 * what the failure means (an event recorded as failed, or a store error that stops the rebuild).
 */
export async function rebuildReadModels(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const startedAt = Date.now();
  const generations = new GenerationRegistry(readStore);
  await generations.init();
  const previousGeneration = await generations.active();
  const generation = await generations.reserveNext();

  const writer = readStore.openBulkWriter?.() ?? null;
  let progress: ReplayProgress | null = null;
  if (writer !== null) {
    const writeBehind = new WriteBehindStore(readStore, writer);
    try {
      progress = await loadGeneration(eventStore, writeBehind, projections, generation, options, () => writeBehind.failure !== null);
    } finally {
      await writeBehind.close();
    }
    if (writeBehind.failure !== null) {
      options.onBulkWriteFailure?.(writeBehind.failure.error);
      progress = null;
    }
  }
  progress ??= await loadGeneration(eventStore, readStore, projections, generation, options, () => false);

  // Secondary indexes come after the bulk of the replay (see ProjectionApplier.ensureCollections).
  const resilient = new ResilientApplier(readStore, new ProjectionApplier(readStore, projections), generation);
  await resilient.ensureCollections();
  // Events appended while the indexes were built.
  await replayToHead(eventStore, resilient, progress, options, () => false);
  await generations.activate(generation);
  const durationMs = Date.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, options.switchGraceMs ?? GENERATION_SWITCH_GRACE_MS));
  await dropGenerationsBefore(readStore, generation);
  return { generation, previousGeneration, events: progress.events, failed: progress.failed, durationMs };
}

interface ReplayProgress {
  position: number;
  events: number;
  failed: number;
}

/** Loads the generation from nothing, without its secondary indexes, up to the head of the log. */
async function loadGeneration(
  eventStore: EventStore,
  store: ReadStore,
  projections: readonly Projection[],
  generation: number,
  options: RebuildOptions,
  stopped: () => boolean,
): Promise<ReplayProgress> {
  const applier = new ProjectionApplier(store, projections);
  await applier.dropGeneration(generation);
  const resilient = new ResilientApplier(store, applier, generation);
  await resilient.ensureCollections({ indexes: false });
  const progress = { position: 0, events: 0, failed: 0 };
  await replayToHead(eventStore, resilient, progress, options, stopped);
  return progress;
}

async function replayToHead(
  eventStore: EventStore,
  resilient: ResilientApplier,
  progress: ReplayProgress,
  options: RebuildOptions,
  stopped: () => boolean,
): Promise<void> {
  while (!stopped()) {
    const page = await eventStore.readAll({ after: progress.position, maxCount: options.pageSize ?? 1000 });
    if (page.length === 0) return;
    progress.failed += (await resilient.apply(page)).length;
    progress.position = page[page.length - 1]?.position ?? progress.position;
    progress.events += page.length;
    const head = Math.max(progress.position, await eventStore.headPosition());
    options.onProgress?.({ position: progress.position, head, events: progress.events, failed: progress.failed });
  }
}
