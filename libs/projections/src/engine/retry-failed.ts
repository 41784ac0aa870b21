import { GenerationRegistry, type EventStore, type ReadStore } from '@app/storage';
import type { Projection } from '../projection';
import { FailedEvents, failedEventId, type FailedEvent } from './failed-events';
import { ProjectionApplier } from './projection-applier';

export interface RetryFailedResult {
  readonly generation: number;
  /** Events applied this time and removed from the failed list. */
  readonly applied: number;
  /** Events still failing, or still held behind one that does. */
  readonly stillFailing: readonly FailedEvent[];
}

/**
 * Replays the active generation's failed events, oldest first, once their cause is fixed. An event
 * that applies is removed from the list in the same commit; the first one of a stream that fails
 * again stops that stream, so its later events stay held back in order. The checkpoint never moves:
 * these events are behind it already.
 */
export async function retryFailedEvents(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
): Promise<RetryFailedResult> {
  const generations = new GenerationRegistry(readStore);
  await generations.init();
  const generation = await generations.active();
  const applier = new ProjectionApplier(readStore, projections);
  const failures = new FailedEvents(readStore, generation);
  await failures.ensure();

  const stoppedStreams = new Set<string>();
  const stillFailing: FailedEvent[] = [];
  let applied = 0;
  for (const failure of await failures.list()) {
    if (stoppedStreams.has(failure.streamName)) {
      stillFailing.push(failure);
      continue;
    }
    const [event] = await eventStore.readStream(failure.streamName, { fromRevision: failure.revision, maxCount: 1 });
    const removal = { collection: failures.collection, id: failedEventId(failure.position) };
    try {
      // An event the log no longer holds has nothing to replay: drop it from the list.
      await applier.apply(event && event.id === failure.eventId ? [event] : [], generation, {
        checkpoint: false,
        extra: { deletes: [removal] },
      });
      applied += 1;
    } catch (error) {
      stoppedStreams.add(failure.streamName);
      stillFailing.push({ ...failure, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  }
  return { generation, applied, stillFailing };
}
