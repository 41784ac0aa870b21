import { EventStoreDBClient, binaryEvent, jsonEvent } from '@eventstore/db-client';
import { describeEventStoreContract } from '../../test/event-store.contract';
import { collectUntil, newEvent, SENTINEL_TYPE, uniqueStream } from '../../test/event-store-contract.helper';
import { WrongExpectedRevisionError } from './event-store.port';
import { EventStoreDbEventStore, toEsdbConnectionString } from './eventstoredb-event-store';
import type { SkippedEvent } from './eventstoredb-recorded-event';

// Only docker compose provides a server; elsewhere the cases are reported as skipped.
const url = process.env.EVENTSTORE_URL;
const skip = url === undefined || url === '';

describeEventStoreContract(
  skip ? 'EventStoreDbEventStore (skipped: EVENTSTORE_URL unset)' : `EventStoreDbEventStore (${url})`,
  async () => new EventStoreDbEventStore(url ?? ''),
  { skip },
);

describe(`EventStoreDbEventStore on a server${skip ? ' (skipped: EVENTSTORE_URL unset)' : ''}`, () => {
  const test = skip ? it.skip : it;
  let store: EventStoreDbEventStore;
  let otherWriter: EventStoreDBClient;
  const skipped: SkippedEvent[] = [];

  if (!skip) {
    beforeEach(() => {
      skipped.length = 0;
      store = new EventStoreDbEventStore(url ?? '', { onSkip: (event) => skipped.push(event) });
      otherWriter = EventStoreDBClient.connectionString(toEsdbConnectionString(url ?? ''));
    });
    afterEach(async () => {
      await store.close();
      await otherWriter.dispose();
    });
  }

  test('skips and reports the events another writer put in a stream, in reads, subscriptions and the head', async () => {
    const stream = uniqueStream('foreign');
    const first = await store.append(stream, [newEvent()], 'no_stream');
    await otherWriter.appendToStream(stream, [
      binaryEvent({ type: 'BytesWritten', data: new Uint8Array([1, 2, 3]) }),
      jsonEvent({ type: 'TextWritten', data: 'just a string' }),
      jsonEvent({ type: 'ListWritten', data: [1, 2] }),
      jsonEvent({ type: 'NoSchemaWritten', data: { a: 1 }, metadata: { source: 'elsewhere' } }),
    ]);
    const last = await store.append(stream, [newEvent(SENTINEL_TYPE)], 'any');

    expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 5]);
    expect(skipped.map((event) => [event.revision, event.reason])).toEqual([
      [1, 'data is binary, not JSON'],
      [2, 'data is not a JSON object'],
      [3, 'data is not a JSON object'],
      [4, 'metadata has no numeric schemaVersion'],
    ]);
    const logged = (await store.readAll({ after: first.position })).filter((event) => event.streamName === stream);
    expect(logged.map((event) => event.revision)).toEqual([5]);
    expect(skipped.slice(4).map((event) => event.revision)).toEqual([1, 2, 3, 4]);
    const live = await collectUntil(store.subscribeToStream(stream), () => true, stream, SENTINEL_TYPE);
    expect(live.map((event) => event.revision)).toEqual([0, 5]);
    const fromLog = await collectUntil(store.subscribeToAll({ after: first.position }), (event) => event.streamName === stream, stream, SENTINEL_TYPE);
    expect(fromLog.map((event) => event.revision)).toEqual([5]);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(last.position);
  });

  test('looks for a retried batch only near the end of the stream: an event that far back is a conflict', async () => {
    const stream = uniqueStream('lookback');
    const old = newEvent();
    await store.append(stream, [old], 'no_stream');
    for (let batch = 0; batch < 4; batch += 1) {
      await store.append(stream, Array.from({ length: 100 }, () => newEvent()), 'any');
    }
    await expect(store.append(stream, [old], 3)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});
