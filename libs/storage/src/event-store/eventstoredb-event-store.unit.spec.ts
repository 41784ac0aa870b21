import { BACKWARDS, END } from '@eventstore/db-client';
import { createServer, type Socket } from 'node:net';
import { FakeEsdbClient, type FakeEvent } from '../../test/fake-esdb-client';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from './event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import type { SkippedEvent } from './eventstoredb-recorded-event';
import { ReadDeadlineError } from './eventstoredb-reads';

// What the adapter does with the client, checked against a double: which calls it leaves open,
// how much it reads, what it skips. The contract suite checks the same adapter against a server.

const ours = (streamId: string, n = 0, id?: string): FakeEvent => ({
  streamId,
  type: 'ThingHappened',
  data: { n },
  metadata: { schemaVersion: 1 },
  ...(id === undefined ? {} : { id }),
});

const FOREIGN: ReadonlyArray<{ readonly event: FakeEvent; readonly reason: string }> = [
  { event: { streamId: 'other-1', type: 'Raw', data: '{"not": json', metadata: { schemaVersion: 1 } }, reason: 'data is not a JSON object' },
  { event: { streamId: 'other-2', type: 'Bytes', data: new Uint8Array([1, 2, 3]) }, reason: 'data is binary, not JSON' },
  { event: { streamId: 'other-3', type: 'List', data: [1, 2], metadata: { schemaVersion: 1 } }, reason: 'data is not a JSON object' },
  { event: { streamId: 'other-4', type: 'NoMeta', data: { a: 1 } }, reason: 'metadata is missing' },
  { event: { streamId: 'other-5', type: 'OtherMeta', data: { a: 1 }, metadata: { source: 'elsewhere' } }, reason: 'metadata has no numeric schemaVersion' },
  { event: { streamId: 'other-6', type: 'ByteMeta', data: { a: 1 }, metadata: new Uint8Array([0xff]) }, reason: 'metadata is not a JSON object' },
];

const SYSTEM: readonly FakeEvent[] = [
  { streamId: '$stats-127.0.0.1:2113', type: '$statsCollected', data: { cpu: 1 } },
  { streamId: 'conversation-abc', type: '$>', data: new Uint8Array([0x30]) },
  { streamId: '$$conversation-abc', type: '$metadata', data: { $maxAge: 1 } },
];

function setUp(): { client: FakeEsdbClient; store: EventStoreDbEventStore; skipped: SkippedEvent[] } {
  const client = new FakeEsdbClient();
  const skipped: SkippedEvent[] = [];
  return { client, store: new EventStoreDbEventStore(client, { onSkip: (event) => skipped.push(event) }), skipped };
}

function newEvent(id: string): NewEvent {
  return { id, type: 'ThingHappened', data: { n: 0 }, metadata: { schemaVersion: 1 } };
}

describe('EventStoreDbEventStore with a client double', () => {
  afterEach(() => jest.useRealTimers());

  describe('headPosition', () => {
    it('ends its read as soon as it has found the last event of ours', async () => {
      const { client, store } = setUp();
      client.add(ours('a-1'), ours('a-1', 1), ours('b-1'), ...SYSTEM);

      expect(await store.headPosition()).toBe(1200);

      expect(client.calls.map((entry) => [entry.kind, entry.call.cancelled])).toEqual([['readAll', true]]);
      expect(client.openCalls()).toEqual([]);
    });

    it('pages backwards past system and foreign events, silently, ending every page', async () => {
      const { client, store, skipped } = setUp();
      client.add(ours('a-1'));
      for (let index = 0; index < 100; index += 1) client.add(...SYSTEM, ...FOREIGN.map(({ event }) => event));

      expect(await store.headPosition()).toBe(1000);

      expect(client.calls.length).toBeGreaterThan(1);
      expect(client.calls.every((entry) => entry.call.cancelled)).toBe(true);
      expect(client.openCalls()).toEqual([]);
      // /readyz asks for the head every few seconds: foreign events are reported by reads, not here.
      expect(skipped).toEqual([]);
    });

    it('reads 0 from a log holding none of our events', async () => {
      const { client, store } = setUp();
      expect(await store.headPosition()).toBe(0);
      client.add(...SYSTEM);
      expect(await store.headPosition()).toBe(0);
      expect(client.openCalls()).toEqual([]);
    });

    it('gives up on a server that does not answer, and cancels the call', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const { client, store } = setUp();
      client.unresponsive = true;

      const head = store.headPosition();
      const outcome = expect(head).rejects.toBeInstanceOf(ReadDeadlineError);
      await jest.advanceTimersByTimeAsync(10_000);
      await outcome;

      expect(client.calls).toHaveLength(1);
      expect(client.openCalls()).toEqual([]);
    });
  });

  describe('ping', () => {
    it('answers true once the server answers a read, and ends that read', async () => {
      const { client, store } = setUp();
      client.add(ours('a-1'), ...SYSTEM);
      expect(await store.ping()).toBe(true);
      expect(client.calls.map((entry) => entry.call.cancelled)).toEqual([true]);
    });

    it('answers false within its deadline when the server does not answer, and cancels the call', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const { client, store } = setUp();
      client.unresponsive = true;

      const answer = store.ping();
      await jest.advanceTimersByTimeAsync(1_999);
      let settled = false;
      void answer.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);

      expect(await answer).toBe(false);
      expect(client.openCalls()).toEqual([]);
    });
  });

  describe('events the service did not write', () => {
    function logWithForeignEvents(client: FakeEsdbClient): void {
      client.add(ours('conversation-1', 1), ...SYSTEM, ...FOREIGN.map(({ event }) => event), ours('conversation-1', 2));
    }

    it('are skipped and reported by readAll, which still returns ours', async () => {
      const { client, store, skipped } = setUp();
      logWithForeignEvents(client);

      const read = await store.readAll();

      expect(read.map((event) => [event.streamName, event.data])).toEqual([
        ['conversation-1', { n: 1 }],
        ['conversation-1', { n: 2 }],
      ]);
      expect(skipped.map((event) => [event.streamName, event.reason])).toEqual(
        FOREIGN.map(({ event, reason }) => [event.streamId, reason]),
      );
      expect(skipped[0]).toMatchObject({ type: 'Raw', revision: 0, position: 1400 });
    });

    it('are skipped and reported by readStream', async () => {
      const { client, store, skipped } = setUp();
      client.add(ours('conversation-1', 1), { ...(FOREIGN[0]?.event ?? ours('x')), streamId: 'conversation-1' }, ours('conversation-1', 2));

      const read = await store.readStream('conversation-1');

      expect(read.map((event) => [event.revision, event.data])).toEqual([
        [0, { n: 1 }],
        [2, { n: 2 }],
      ]);
      expect(skipped.map((event) => [event.revision, event.reason])).toEqual([[1, 'data is not a JSON object']]);
    });

    it('are skipped and reported by a subscription to the log, which goes on with ours', async () => {
      const { client, store, skipped } = setUp();
      logWithForeignEvents(client);

      const subscription = store.subscribeToAll();
      const delivered: RecordedEvent[] = [];
      for await (const event of subscription) {
        delivered.push(event);
        if (delivered.length === 2) break;
      }

      expect(delivered.map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }]);
      expect(skipped).toHaveLength(FOREIGN.length);
      expect(client.openCalls()).toEqual([]);
    });

    it('are skipped and reported by a subscription to a stream', async () => {
      const { client, store, skipped } = setUp();
      client.add(ours('conversation-1', 1), { ...(FOREIGN[3]?.event ?? ours('x')), streamId: 'conversation-1' }, ours('conversation-1', 2));

      const subscription = store.subscribeToStream('conversation-1');
      const delivered: number[] = [];
      for await (const event of subscription) {
        delivered.push(event.revision);
        if (delivered.length === 2) break;
      }

      expect(delivered).toEqual([0, 2]);
      expect(skipped.map((event) => event.reason)).toEqual(['metadata is missing']);
    });
  });

  describe('a conflicting append', () => {
    const STREAM = 'conversation-long';
    const idAt = (revision: number): string => `00000000-0000-4000-9000-${String(revision).padStart(12, '0')}`;

    function longStream(client: FakeEsdbClient, length: number): void {
      for (let revision = 0; revision < length; revision += 1) client.add(ours(STREAM, revision, idAt(revision)));
      client.conflictWith = BigInt(length - 1);
    }

    it('finds a retried batch at the end of the stream reading backwards a bounded window, then ends the read', async () => {
      const { client, store } = setUp();
      longStream(client, 600);

      const result = await store.append(STREAM, [newEvent(idAt(597)), newEvent(idAt(598))], 3);

      expect(result).toEqual({ nextRevision: 598, position: 1000 + 598 * 100 });
      expect(client.calls.map((entry) => [entry.kind, entry.options])).toEqual([
        ['readStream', { direction: BACKWARDS, fromRevision: END, maxCount: 2 + 256 }],
      ]);
      expect(client.openCalls()).toEqual([]);
    });

    it('reports the conflict with the actual revision when the batch is not there, without reading the whole stream', async () => {
      const { client, store } = setUp();
      longStream(client, 600);

      const error = await store.append(STREAM, [newEvent('11111111-1111-4111-8111-111111111111')], 3).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamName: STREAM, expected: 3, actual: 599 });
      expect(client.calls.map((entry) => entry.options)).toEqual([{ direction: BACKWARDS, fromRevision: END, maxCount: 1 + 256 }]);
    });

    it('does not look further back than its window: an event that old is a conflict, not a retry', async () => {
      const { client, store } = setUp();
      longStream(client, 600);
      await expect(store.append(STREAM, [newEvent(idAt(0))], 3)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    });

    it('reads nothing when the stream does not exist', async () => {
      const { client, store } = setUp();
      client.conflictWith = 'no_stream';

      await expect(store.append(STREAM, [newEvent(idAt(0))], 0)).rejects.toMatchObject({ actual: 'no_stream' });
      expect(client.calls).toEqual([]);
    });
  });

  it('with the real client, answers ping false after 2 s from a server that accepts connections and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const store = new EventStoreDbEventStore(`esdb://127.0.0.1:${port}?tls=false`);
    try {
      const started = Date.now();
      expect(await store.ping()).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('closes its live subscriptions and the client on close', async () => {
    const { client, store } = setUp();
    store.subscribeToAll();
    store.subscribeToStream('conversation-1');
    await store.close();
    expect(client.calls.map((entry) => entry.call.unsubscribed)).toEqual([true, true]);
    expect(client.disposed).toBe(true);
  });
});
