import type { ReadStore, RecordedEvent } from '@app/storage';

/** An event the projections could not apply, kept so an operator can see it and replay it once fixed. */
export interface FailedEvent {
  [key: string]: unknown;
  readonly position: number;
  readonly eventId: string;
  readonly streamName: string;
  readonly revision: number;
  readonly type: string;
  readonly error: string;
  /** Set when the event itself was fine but an earlier event of its stream had failed. */
  readonly heldBehind: number | null;
  readonly failedAt: string;
}

/** Longest error message kept: enough to diagnose, bounded whatever the error says. */
const MAX_ERROR_LENGTH = 2000;

/** Name of the failed-event collection of one generation: it is rebuilt and dropped with it. */
export function failedEventsCollection(generation: number): string {
  return `projector_failures_g${generation}`;
}

/** The failed events of one generation of read models. */
export class FailedEvents {
  readonly collection: string;

  constructor(
    private readonly store: ReadStore,
    generation: number,
  ) {
    this.collection = failedEventsCollection(generation);
  }

  async ensure(): Promise<void> {
    await this.store.ensureCollection({ name: this.collection, indexes: ['position'] });
  }

  /** Every failed event, oldest first. */
  async list(limit?: number): Promise<FailedEvent[]> {
    return this.store.find<FailedEvent>(this.collection, {
      sort: [{ field: 'position', direction: 'asc' }],
      ...(limit === undefined ? {} : { limit }),
    });
  }

  async count(): Promise<number> {
    return this.store.count(this.collection);
  }

  /** Streams with a failed event: their later events are held back so their documents stay consistent. */
  async blockedStreams(): Promise<Map<string, number>> {
    const blocked = new Map<string, number>();
    for (const failure of await this.list()) {
      if (!blocked.has(failure.streamName)) blocked.set(failure.streamName, failure.position);
    }
    return blocked;
  }
}

/** The document recording that `event` failed with `error` (or was held behind an earlier failure). */
export function failedEventRecord(event: RecordedEvent, error: unknown, heldBehind: number | null): FailedEvent {
  const message = heldBehind === null ? describeError(error) : `held behind the failed event at position ${heldBehind}`;
  return {
    position: event.position,
    eventId: event.id,
    streamName: event.streamName,
    revision: event.revision,
    type: event.type,
    error: message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message,
    heldBehind,
    failedAt: new Date().toISOString(),
  };
}

/** Document id of a failed event: its position, zero-padded so ids sort like positions. */
export function failedEventId(position: number): string {
  return String(position).padStart(20, '0');
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
