import { randomUUID } from 'node:crypto';
import type {
  EventStore,
  EventSubscription,
  ExpectedRevision,
  JsonObject,
  NewEvent,
  RecordedEvent,
} from '../src/event-store/event-store.port';

/** Longest wait for a live event before a subscription is closed. */
export const LIVE_TIMEOUT_MS = 30_000;

/** Type of the event that tells a live test its last event has arrived. */
export const SENTINEL_TYPE = 'ContractSentinelAppended';

/** A stream name no other test (or other run on the same server) uses. */
export function uniqueStream(category: string): string {
  return `contract${category.replace(/[^a-z0-9]/g, '')}-${randomUUID()}`;
}

/** A new event with a fresh id and correlation id. */
export function newEvent(type = 'ContractEventHappened', data: JsonObject = { at: Date.now() }): NewEvent {
  return { id: randomUUID(), type, data, metadata: { schemaVersion: 1, correlationId: randomUUID(), actor: 'system' } };
}

/** Appends `count` events in batches of `batchSize`, one append at a time, yielding between them. */
export async function appendConcurrently(
  store: EventStore,
  stream: string,
  count: number,
  batchSize: number,
  mode: 'exact' | 'any' = 'exact',
): Promise<NewEvent[]> {
  const written: NewEvent[] = [];
  while (written.length < count) {
    const batch = Array.from({ length: batchSize }, () => newEvent());
    const expected: ExpectedRevision = mode === 'any' ? 'any' : written.length === 0 ? 'no_stream' : written.length - 1;
    await store.append(stream, batch, expected);
    written.push(...batch);
  }
  return written;
}

/** Collects accepted events until one in `endStream` (of `endType` when given) arrives, or the timeout closes it. */
export async function collectUntil(
  subscription: EventSubscription,
  accept: (event: RecordedEvent) => boolean,
  endStream: string,
  endType?: string,
): Promise<RecordedEvent[]> {
  const received: RecordedEvent[] = [];
  const timer = setTimeout(() => void subscription.close(), LIVE_TIMEOUT_MS);
  try {
    for await (const event of subscription) {
      if (!accept(event)) continue;
      received.push(event);
      if (event.streamName === endStream && (endType === undefined || event.type === endType)) break;
    }
  } finally {
    clearTimeout(timer);
    await subscription.close();
  }
  return received;
}

/** The error a promise rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject');
}

/** The promise's value, or an error after `timeoutMs`. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Expects every value to be greater than the one before. */
export function expectStrictlyIncreasing(values: readonly number[]): void {
  const offenders = values.filter((value, index) => index > 0 && value <= (values[index - 1] ?? value));
  expect(offenders).toEqual([]);
}

/** The integers from `from` up to, not including, `to`. */
export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, index) => from + index);
}
