import { GenerationRegistry, type EventStore, type ReadStore } from '@app/storage';
import type { Projection } from '../projection';
import { ProjectionApplier } from './projection-applier';

export interface RebuildProgress {
  readonly position: number;
  readonly head: number;
  readonly events: number;
}

export interface RebuildResult {
  readonly generation: number;
  readonly previousGeneration: number;
  readonly events: number;
  readonly durationMs: number;
}

/**
 * Replays the whole log into a fresh generation of collections beside the live ones, then makes it
 * the active generation. Readers keep the old collections until the switch; the previous
 * generation's collections are dropped after it.
 */
export async function rebuildReadModels(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  onProgress: (progress: RebuildProgress) => void = () => undefined,
  pageSize = 1000,
): Promise<RebuildResult> {
  const startedAt = Date.now();
  const generations = new GenerationRegistry(readStore);
  await generations.init();
  const applier = new ProjectionApplier(readStore, projections);
  const previousGeneration = await generations.active();
  const generation = await generations.reserveNext();
  await applier.dropGeneration(generation);
  await applier.ensureCollections(generation);

  let position = 0;
  let events = 0;
  for (;;) {
    const page = await eventStore.readAll({ after: position, maxCount: pageSize });
    if (page.length === 0) break;
    await applier.apply(page, generation);
    position = page[page.length - 1]?.position ?? position;
    events += page.length;
    onProgress({ position, head: Math.max(position, await eventStore.headPosition()), events });
  }
  await generations.activate(generation);
  if (previousGeneration !== generation) await applier.dropGeneration(previousGeneration);
  return { generation, previousGeneration, events, durationMs: Date.now() - startedAt };
}
