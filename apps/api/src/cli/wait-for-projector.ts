import { ProjectionLagError, waitForProjection } from '@app/projections';
import { checkpointName, GenerationRegistry, type EventStore, type ReadStore } from '@app/storage';

const LIVE_WITHIN_MS = 1500;

/**
 * When a projector is running (its checkpoint is close to the head of the log), waits until it has
 * applied `position`, so a key printed by the CLI authenticates at once. With no projector running
 * there is nothing to wait for: the next start applies the events.
 */
export async function waitForLiveProjector(readStore: ReadStore, eventStore: EventStore, position: number): Promise<void> {
  try {
    const generations = new GenerationRegistry(readStore);
    const checkpoint = (await readStore.getCheckpoint(checkpointName(await generations.active()))) ?? 0;
    const unapplied = await eventStore.readAll({ after: checkpoint, maxCount: 50 });
    if (unapplied.length >= 50 || unapplied.some((event) => event.position < position && Date.now() - event.recordedAt > LIVE_WITHIN_MS)) return;
    // The CLI runs no projector: only the running one's checkpoint can end the wait.
    await waitForProjection(null, readStore, generations, position, { timeoutMs: LIVE_WITHIN_MS, pollIntervalMs: 25 });
  } catch (error) {
    if (!(error instanceof ProjectionLagError)) throw error;
  } finally {
    await readStore.close();
  }
}
