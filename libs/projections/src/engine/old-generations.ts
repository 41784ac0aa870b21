import type { ReadStore } from '@app/storage';

/**
 * How long a rebuild waits after switching generations before it drops the old collections: longer
 * than readers cache the active generation and than the live projector takes to notice the switch,
 * so nobody reads or writes a collection that is being dropped.
 */
export const GENERATION_SWITCH_GRACE_MS = 2000;

const GENERATION_SUFFIX = /_g(\d+)$/;

/**
 * Drops every collection of a generation older than `generation`: the one a rebuild replaced, and
 * any left behind by rebuilds that were interrupted. Newer generations may be a rebuild in progress
 * and are left alone. Returns the names dropped.
 */
export async function dropGenerationsBefore(store: ReadStore, generation: number): Promise<string[]> {
  const dropped: string[] = [];
  for (const name of await store.listCollections()) {
    const match = GENERATION_SUFFIX.exec(name);
    if (match === null || Number(match[1]) >= generation) continue;
    await store.dropCollection(name);
    dropped.push(name);
  }
  return dropped;
}
