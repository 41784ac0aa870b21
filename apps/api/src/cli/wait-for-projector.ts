import { ProjectionLagError, waitForProjection } from '@app/projections';
import { checkpointName, GenerationRegistry, type EventStore, type ReadStore, type RecordedEvent } from '@app/storage';

const LIVE_WITHIN_MS = 1500;
const LOOK_AHEAD = 50;

/** Up to LOOK_AHEAD events of the log that the active read models have not applied yet. */
async function unappliedEvents(readStore: ReadStore, eventStore: EventStore): Promise<RecordedEvent[]> {
  const generations = new GenerationRegistry(readStore);
  const checkpoint = (await readStore.getCheckpoint(checkpointName(await generations.active()))) ?? 0;
  return eventStore.readAll({ after: checkpoint, maxCount: LOOK_AHEAD });
}

/**
 * When a projector is running (its checkpoint is close to the head of the log), waits until it has
 * applied `position`, so a key printed by the CLI authenticates at once. With no projector running
 * there is nothing to wait for: the next start applies the events. The caller owns (and closes) the stores.
 */
export async function waitForLiveProjector(readStore: ReadStore, eventStore: EventStore, position: number): Promise<void> {
  try {
    const unapplied = await unappliedEvents(readStore, eventStore);
    if (unapplied.length >= LOOK_AHEAD || unapplied.some((event) => event.position < position && Date.now() - event.recordedAt > LIVE_WITHIN_MS)) return;
    // The CLI runs no projector: only the running one's checkpoint can end the wait.
    await waitForProjection(null, readStore, new GenerationRegistry(readStore), position, { timeoutMs: LIVE_WITHIN_MS, pollIntervalMs: 25 });
  } catch (error) {
    if (!(error instanceof ProjectionLagError)) throw error;
  }
}

/**
 * Why a listing read from the read models may be incomplete: events in the log that no running
 * projector has applied (with the embedded stores, the server is not running). Null when none.
 */
export async function staleReadModelsNotice(readStore: ReadStore, eventStore: EventStore): Promise<string | null> {
  const unapplied = await unappliedEvents(readStore, eventStore);
  if (!unapplied.some((event) => Date.now() - event.recordedAt > LIVE_WITHIN_MS)) return null;
  const count = unapplied.length >= LOOK_AHEAD ? `${LOOK_AHEAD} or more` : String(unapplied.length);
  return `Note: ${count} recorded events are not in the read models yet (no projector is running: start the server or the projector); this list may be incomplete.`;
}
