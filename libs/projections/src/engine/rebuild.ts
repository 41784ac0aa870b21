import { GenerationRegistry, type EventStore, type ReadStore, type RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';
import { dropGenerationsBefore, GENERATION_SWITCH_GRACE_MS } from './old-generations';
import { ProjectionApplier } from './projection-applier';
import { GenerationLayouts, layoutOf } from './read-model-layout';
import { REBUILD_LEASE_MS, RebuildLease, type RebuildLeaseHolder } from './rebuild-lease';
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
  /** Hears which generation the rebuild fills, once reserved. */
  readonly onStart?: (start: { readonly generation: number; readonly previousGeneration: number }) => void;
  /** The rebuild lease, when the caller holds it already; otherwise the rebuild claims it (and releases it). */
  readonly lease?: RebuildLease;
  /** Stops the rebuild between pages: it throws the signal's reason and leaves reads where they were. */
  readonly signal?: AbortSignal;
}

/** Another process holds the rebuild lease: its rebuild is under way, and a second one would undo it. */
export class RebuildAlreadyRunningError extends Error {
  constructor(readonly heldBy: RebuildLeaseHolder | null) {
    super(
      heldBy === null
        ? 'another rebuild held the rebuild lease a moment ago; try again'
        : `a rebuild is already running (${heldBy.purpose}, process ${heldBy.process}, since ${heldBy.since}); it switches reads to its generation when it has caught up; if that process has died, its lease runs out within ${REBUILD_LEASE_MS / 1000} s`,
    );
    this.name = 'RebuildAlreadyRunningError';
  }
}

/**
 * Replays the whole log into a fresh generation of collections beside the live ones, then makes it
 * the active generation. Readers keep the old collections until the switch; older generations'
 * collections are dropped once readers have had time to follow it. An event the projections cannot
 * apply is recorded as failed in the new generation, as the live projector would, and the replay goes on.
 * The new generation records the layout it was built with (see GenerationLayouts).
 *
 * One rebuild runs at a time on a read store: it holds the RebuildLease from its reservation to its
 * drop, and refuses to start (RebuildAlreadyRunningError) while another process holds it.
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
  if (options.lease) return rebuildHoldingLease(eventStore, readStore, projections, options.lease, options);
  const claim = await RebuildLease.claim(readStore, 'projector rebuild');
  if (!claim.won) throw new RebuildAlreadyRunningError(claim.heldBy);
  try {
    return await rebuildHoldingLease(eventStore, readStore, projections, claim.lease, options);
  } finally {
    await claim.lease.release();
  }
}

async function rebuildHoldingLease(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  lease: RebuildLease,
  options: RebuildOptions,
): Promise<RebuildResult> {
  const startedAt = Date.now();
  const generations = new GenerationRegistry(readStore);
  await generations.init();
  const previousGeneration = await generations.active();
  const generation = await generations.reserveNext();
  options.onStart?.({ generation, previousGeneration });
  const keepGoing = async (): Promise<void> => {
    options.signal?.throwIfAborted();
    await lease.renewIfDue();
  };

  const writer = readStore.openBulkWriter?.() ?? null;
  let progress: ReplayProgress | null = null;
  if (writer !== null) {
    const writeBehind = new WriteBehindStore(readStore, writer);
    try {
      progress = await loadGeneration(eventStore, writeBehind, projections, generation, options, keepGoing, () => writeBehind.failure !== null, BULK_LOAD_INDEXES);
    } finally {
      await writeBehind.close();
    }
    if (writeBehind.failure !== null) {
      options.onBulkWriteFailure?.(writeBehind.failure.error);
      progress = null;
    }
  }
  progress ??= await loadGeneration(eventStore, readStore, projections, generation, options, keepGoing, () => false, false);

  // Secondary indexes the load left out come now (see ProjectionApplier.ensureCollections).
  const resilient = new ResilientApplier(readStore, new ProjectionApplier(readStore, projections), generation);
  await resilient.ensureCollections();
  await keepGoing();
  // Events appended while the indexes were built.
  await replayToHead(eventStore, resilient, progress, options, keepGoing, () => false);
  await new GenerationLayouts(readStore).record(generation, layoutOf(projections));
  options.signal?.throwIfAborted();
  // The switch is the lease holder's alone: a holder that lost it stops here.
  await lease.renew();
  await generations.activate(generation);
  const durationMs = Date.now() - startedAt;
  // Stopped during the wait, the old collections stay: the next rebuild drops them.
  if (await pause(options.switchGraceMs ?? GENERATION_SWITCH_GRACE_MS, options.signal)) await dropGenerationsBefore(readStore, generation);
  return { generation, previousGeneration, events: progress.events, failed: progress.failed, durationMs };
}

interface ReplayProgress {
  position: number;
  events: number;
  failed: number;
}

/**
 * Whether a load through the bulk writer keeps the secondary indexes as it goes. The writer's
 * thread updates them while the main thread folds the next page; built after the load instead,
 * they were the main thread's to build, with nothing else to do meanwhile (2.7 s of a rebuild of
 * 1,000,000 events, which the main thread bounds: main-thread CPU 18.2 s with them built after,
 * 15.8 s kept by the writer, the whole process's CPU 30.0 s against 28.6 s).
 */
const BULK_LOAD_INDEXES = true;

/**
 * Loads the generation from nothing up to the head of the log; without its secondary indexes
 * unless `indexes` (see BULK_LOAD_INDEXES).
 */
async function loadGeneration(
  eventStore: EventStore,
  store: ReadStore,
  projections: readonly Projection[],
  generation: number,
  options: RebuildOptions,
  keepGoing: () => Promise<void>,
  stopped: () => boolean,
  indexes: boolean,
): Promise<ReplayProgress> {
  const applier = new ProjectionApplier(store, projections);
  await applier.dropGeneration(generation);
  const resilient = new ResilientApplier(store, applier, generation);
  await resilient.ensureCollections({ indexes });
  const progress = { position: 0, events: 0, failed: 0 };
  await replayToHead(eventStore, resilient, progress, options, keepGoing, stopped);
  return progress;
}

async function replayToHead(
  eventStore: EventStore,
  resilient: ResilientApplier,
  progress: ReplayProgress,
  options: RebuildOptions,
  keepGoing: () => Promise<void>,
  stopped: () => boolean,
): Promise<void> {
  for await (const page of pagesOf(eventStore, progress.position, options.pageSize ?? 1000)) {
    if (stopped()) return;
    await keepGoing();
    progress.failed += (await resilient.apply(page)).length;
    progress.position = page[page.length - 1]?.position ?? progress.position;
    progress.events += page.length;
    const head = Math.max(progress.position, await eventStore.headPosition());
    options.onProgress?.({ position: progress.position, head, events: progress.events, failed: progress.failed });
  }
}

/** The log after `after` to its head in pages, read ahead where the store can (see EventStore.readAllPages). */
async function* pagesOf(eventStore: EventStore, after: number, pageSize: number): AsyncGenerator<RecordedEvent[]> {
  if (eventStore.readAllPages) {
    yield* eventStore.readAllPages({ after, pageSize });
    return;
  }
  for (let page = await eventStore.readAll({ after, maxCount: pageSize }); page.length > 0; ) {
    yield page;
    page = await eventStore.readAll({ after: page[page.length - 1]!.position, maxCount: pageSize });
  }
}

/** Waits `ms`; false if the signal stopped the wait first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (completed: boolean): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolve(completed);
    };
    const stop = (): void => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
