import { randomUUID } from 'node:crypto';
import { type EventStore, type JsonObject, type NewEvent, WrongExpectedRevisionError } from '../src/event-store/event-store.port';
import { MAX_EVENT_DEPTH, UnstorableEventError } from '../src/event-store/storable-event';
import {
  appendConcurrently,
  collectUntil,
  expectStrictlyIncreasing,
  LIVE_TIMEOUT_MS,
  newEvent,
  range,
  rejectionOf,
  SENTINEL_TYPE,
  uniqueStream,
  withTimeout,
} from './event-store-contract.helper';

/**
 * The behaviour every EventStore adapter must show. Streams are unique per test, so it also runs
 * against a shared server; with `skip` the cases are registered as skipped, never silently passed.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStore>,
  options: { readonly skip?: boolean } = {},
): void {
  const test = options.skip === true ? it.skip : it;

  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    if (options.skip !== true) {
      beforeEach(async () => {
        store = await factory();
      });
      afterEach(async () => {
        await store.close();
      });
    }

    test('appends a batch entirely, with consecutive revisions and positions in order', async () => {
      const stream = uniqueStream('batch');
      const batch = [newEvent(), newEvent(), newEvent()];
      const result = await store.append(stream, batch, 'no_stream');

      const read = await store.readStream(stream);
      expect(read.map((event) => event.id)).toEqual(batch.map((event) => event.id));
      expect(read.map((event) => event.revision)).toEqual([0, 1, 2]);
      expectStrictlyIncreasing(read.map((event) => event.position));
      expect(result).toEqual({ nextRevision: 2, position: read[2]?.position });
    });

    test('refuses a batch holding an event it could not read back, and writes none of it', async () => {
      const stream = uniqueStream('unstorable');
      let deep: JsonObject = { leaf: true };
      for (let level = 0; level < MAX_EVENT_DEPTH; level += 1) deep = { nested: deep };

      for (const poisoned of [newEvent('ContractEventHappened', deep), newEvent('ContractEventHappened', { n: Number.NaN })]) {
        const error = await rejectionOf(store.append(stream, [newEvent(), poisoned], 'any'));
        expect(error).toBeInstanceOf(UnstorableEventError);
      }
      expect(await store.readStream(stream)).toEqual([]);
    });

    test('writes nothing of a batch that conflicts', async () => {
      const stream = uniqueStream('atomic');
      await store.append(stream, [newEvent(), newEvent()], 'no_stream');
      const head = await store.headPosition();
      const rejected = [newEvent(), newEvent(), newEvent()];

      const error = await rejectionOf(store.append(stream, rejected, 0));

      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamName: stream, expected: 0, actual: 1 });
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1]);
      const rejectedIds = new Set(rejected.map((event) => event.id));
      const later = await store.readAll({ after: head });
      expect(later.filter((event) => rejectedIds.has(event.id))).toEqual([]);
    });

    test('no_stream creates a stream and is refused on an existing one', async () => {
      const stream = uniqueStream('nostream');
      expect((await store.append(stream, [newEvent()], 'no_stream')).nextRevision).toBe(0);

      const error = await rejectionOf(store.append(stream, [newEvent()], 'no_stream'));

      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamName: stream, expected: 'no_stream', actual: 0 });
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    test('any appends whatever the stream holds', async () => {
      const stream = uniqueStream('any');
      expect((await store.append(stream, [newEvent()], 'any')).nextRevision).toBe(0);
      expect((await store.append(stream, [newEvent(), newEvent()], 'any')).nextRevision).toBe(2);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    test('an exact revision appends when current and is refused when stale or on a missing stream', async () => {
      const stream = uniqueStream('exact');
      const missing = await rejectionOf(store.append(stream, [newEvent()], 0));
      expect(missing).toBeInstanceOf(WrongExpectedRevisionError);
      expect(missing).toMatchObject({ expected: 0, actual: 'no_stream' });

      await store.append(stream, [newEvent()], 'no_stream');
      expect((await store.append(stream, [newEvent()], 0)).nextRevision).toBe(1);
      expect((await store.append(stream, [newEvent()], 1)).nextRevision).toBe(2);

      const stale = await rejectionOf(store.append(stream, [newEvent()], 1));
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect(stale).toMatchObject({ streamName: stream, expected: 1, actual: 2 });
      expect(await store.readStream(stream)).toHaveLength(3);
    });

    test('reads a stream forwards from a revision, up to maxCount', async () => {
      const stream = uniqueStream('read');
      const events = Array.from({ length: 5 }, () => newEvent());
      await store.append(stream, events, 'no_stream');

      const middle = await store.readStream(stream, { fromRevision: 2, maxCount: 2 });
      expect(middle.map((event) => [event.revision, event.id])).toEqual([
        [2, events[2]?.id],
        [3, events[3]?.id],
      ]);
      expect((await store.readStream(stream, { fromRevision: 3 })).map((event) => event.revision)).toEqual([3, 4]);
      expect((await store.readStream(stream, { maxCount: 1 })).map((event) => event.revision)).toEqual([0]);
      expect(await store.readStream(stream, { fromRevision: 5 })).toEqual([]);
    });

    test('reads an unknown stream as []', async () => {
      expect(await store.readStream(uniqueStream('unknown'))).toEqual([]);
    });

    test('reads the global log strictly after a position, in order', async () => {
      const first = uniqueStream('all-a');
      const second = uniqueStream('all-b');
      const firstEvents = [newEvent(), newEvent(), newEvent()];
      const secondEvents = [newEvent(), newEvent()];
      await store.append(first, firstEvents, 'no_stream');
      await store.append(second, secondEvents, 'no_stream');
      const [start] = await store.readStream(first, { maxCount: 1 });
      if (start === undefined) throw new Error('the first event was not stored');
      const mine = new Set([first, second]);

      const later = (await store.readAll({ after: start.position })).filter((event) => mine.has(event.streamName));

      const expectedIds = [...firstEvents.slice(1), ...secondEvents].map((event) => event.id);
      expect(later.map((event) => event.id)).toEqual(expectedIds);
      expectStrictlyIncreasing(later.map((event) => event.position));
      const limited = await store.readAll({ after: start.position, maxCount: 2 });
      expect(limited).toHaveLength(2);
      expectStrictlyIncreasing([start.position, ...limited.map((event) => event.position)]);
      // Other writers on a shared server may interleave, but nothing of ours may be skipped.
      expect(limited[0]?.position).toBeLessThanOrEqual(later[0]?.position ?? 0);
    });

    test('reports the head position of the global log', async () => {
      const result = await store.append(uniqueStream('head'), [newEvent(), newEvent()], 'no_stream');
      expect(await store.headPosition()).toBeGreaterThanOrEqual(result.position);
    });

    test('gives every event a strictly greater position than the one appended before it', async () => {
      const positions: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const result = await store.append(uniqueStream('positions'), [newEvent(), newEvent()], 'no_stream');
        positions.push(result.position);
      }
      expectStrictlyIncreasing(positions);
    });

    test('does not write again an event id already in the stream, and returns the existing one', async () => {
      const stream = uniqueStream('idempotent');
      const [first, second, third] = [newEvent(), newEvent(), newEvent()];
      const firstWrite = await store.append(stream, [first, second], 'no_stream');
      const thirdWrite = await store.append(stream, [third], 1);
      const stored = await store.readStream(stream);
      const positionOf = (event: NewEvent): number | undefined => stored.find((read) => read.id === event.id)?.position;

      // A retry with the original expected revision, after the stream moved on.
      expect(await store.append(stream, [first, second], 'no_stream')).toEqual(firstWrite);
      expect(await store.append(stream, [third], 1)).toEqual(thirdWrite);
      expect(await store.append(stream, [first], 'any')).toEqual({ nextRevision: 0, position: positionOf(first) });
      // A retry whose expected revision matches neither the stream nor the original write still finds its event.
      expect(await store.append(stream, [first], 1)).toEqual({ nextRevision: 0, position: positionOf(first) });

      expect((await store.readStream(stream)).map((event) => event.id)).toEqual([first.id, second.id, third.id]);
    });

    test('reports a conflict on a long stream with its actual revision, and still recognises a recent retry', async () => {
      const stream = uniqueStream('long');
      const written = await appendConcurrently(store, stream, 600, 100);
      const last = written.slice(-2);

      const stale = await rejectionOf(store.append(stream, [newEvent()], 3));
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect(stale).toMatchObject({ streamName: stream, expected: 3, actual: 599 });
      // The last batch sent again with a stale expected revision, as a client retrying after a lost answer.
      const [stored] = await store.readStream(stream, { fromRevision: 599 });
      expect(await store.append(stream, last, 3)).toEqual({ nextRevision: 599, position: stored?.position });
      expect(await store.readStream(stream, { fromRevision: 598 })).toHaveLength(2);
    });

    test('lands every one of many appends issued at once to different streams, each exactly once', async () => {
      const marker = await store.append(uniqueStream('group-marker'), [newEvent()], 'no_stream');
      const streams = Array.from({ length: 60 }, (_, index) => uniqueStream(`group${index}`));
      const batches = streams.map(() => [newEvent(), newEvent()]);
      const mine = new Set(streams);
      const sentinel = uniqueStream('group-end');
      const received = collectUntil(store.subscribeToAll({ after: marker.position }), (event) => mine.has(event.streamName) || event.streamName === sentinel, sentinel);

      const results = await Promise.all(streams.map((stream, index) => store.append(stream, batches[index] ?? [], 'no_stream')));
      await store.append(sentinel, [newEvent()], 'no_stream');

      for (const [index, stream] of streams.entries()) {
        const read = await store.readStream(stream);
        expect(read.map((event) => event.id)).toEqual(batches[index]?.map((event) => event.id));
        expect(results[index]).toEqual({ nextRevision: 1, position: read[1]?.position });
      }
      const delivered = (await received).filter((event) => event.streamName !== sentinel);
      expect(delivered.map((event) => event.id).sort()).toEqual(batches.flat().map((event) => event.id).sort());
      expectStrictlyIncreasing(delivered.map((event) => event.position));
    });

    test('fails only the conflicting appends of appends issued at once, as if they ran one after another', async () => {
      const streams = Array.from({ length: 7 }, (_, index) => uniqueStream(`groupconflict${index}`));
      for (const stream of streams) await store.append(stream, [newEvent()], 'no_stream');
      const [first, second, third, fourth, fifth, sixth, seventh] = streams as [string, string, string, string, string, string, string];
      const retried = [newEvent()];
      await store.append(seventh, retried, 0);

      const outcomes = await Promise.allSettled([
        store.append(first, [newEvent()], 0),
        store.append(second, [newEvent()], 0),
        store.append(third, [newEvent(), newEvent()], 5),
        store.append(fourth, [newEvent()], 'no_stream'),
        store.append(second, [newEvent()], 0),
        store.append(second, [newEvent()], 1),
        store.append(fifth, [newEvent()], 'any'),
        store.append(sixth, [newEvent()], 0),
        store.append(seventh, retried, 0),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const reasons = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      for (const reason of reasons) expect(reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(reasons).toMatchObject([
        { streamName: third, expected: 5, actual: 0 },
        { streamName: fourth, expected: 'no_stream', actual: 0 },
        { streamName: second, expected: 0, actual: 1 },
      ]);
      const lengths = await Promise.all(streams.map(async (stream) => (await store.readStream(stream)).length));
      expect(lengths).toEqual([2, 3, 1, 1, 2, 2, 2]);
    });

    test('writes once an event appended twice at once, and answers both appends with it', async () => {
      const stream = uniqueStream('groupidempotent');
      const batch = [newEvent(), newEvent()];
      const [once, twice] = await Promise.all([store.append(stream, batch, 'no_stream'), store.append(stream, batch, 'no_stream')]);
      expect(twice).toEqual(once);
      expect((await store.readStream(stream)).map((event) => event.id)).toEqual(batch.map((event) => event.id));
    });

    test('answers ping', async () => {
      expect(await store.ping()).toBe(true);
    });

    test('round-trips data and metadata (nested JSON, unicode)', async () => {
      const stream = uniqueStream('roundtrip');
      const event: NewEvent = {
        id: randomUUID(),
        type: 'ContractRoundTripped',
        data: {
          text: 'héllo wörld — 你好 — 🚀👩‍👩‍👧',
          nested: { list: [1, 2.5, -3, { deep: [true, false, null] }], empty: {}, none: null },
          escapes: 'quote " backslash \\ newline \n tab \t',
          big: 9007199254740991,
        },
        metadata: { schemaVersion: 3, correlationId: randomUUID(), causationId: randomUUID(), actor: 'usr_ünïcode' },
      };
      const marker = await store.append(uniqueStream('roundtrip-marker'), [newEvent()], 'no_stream');
      const before = Date.now();
      await store.append(stream, [event], 'no_stream');

      const [read] = await store.readStream(stream);
      expect(read).toMatchObject({ id: event.id, streamName: stream, revision: 0, type: event.type });
      expect(read?.data).toEqual(event.data);
      expect(read?.metadata).toEqual(event.metadata);
      // A server's clock may differ from ours: only check it is a plausible epoch in ms.
      expect(Math.abs((read?.recordedAt ?? 0) - before)).toBeLessThan(10 * 60_000);
      const [fromLog] = (await store.readAll({ after: marker.position })).filter((logged) => logged.id === event.id);
      expect(fromLog).toEqual(read);
    });

    test(
      'delivers the global log from a position exactly once and in order while writers run concurrently',
      async () => {
        const before = uniqueStream('live-pre');
        const marker = await store.append(before, [newEvent()], 'no_stream');
        const caughtUp = Array.from({ length: 10 }, () => newEvent());
        await store.append(before, caughtUp, 0);
        const writers = Array.from({ length: 4 }, (_, index) => uniqueStream(`live-w${index}`));
        const sentinel = uniqueStream('live-end');
        const mine = new Set([before, ...writers, sentinel]);

        const subscription = store.subscribeToAll({ after: marker.position });
        const received = collectUntil(subscription, (event) => mine.has(event.streamName), sentinel);
        const written = await Promise.all(
          writers.map((stream, index) => appendConcurrently(store, stream, 50, index === 3 ? 5 : 1)),
        );
        await store.append(sentinel, [newEvent()], 'no_stream');
        const delivered = (await received).filter((event) => event.streamName !== sentinel);

        const expectedIds = [...caughtUp, ...written.flat()].map((event) => event.id);
        expect(delivered).toHaveLength(210);
        expect(new Set(delivered.map((event) => event.id)).size).toBe(210);
        expect(delivered.map((event) => event.id).sort()).toEqual(expectedIds.sort());
        expectStrictlyIncreasing(delivered.map((event) => event.position));
        const logged = (await store.readAll({ after: marker.position })).filter(
          (event) => mine.has(event.streamName) && event.streamName !== sentinel,
        );
        expect(delivered.map((event) => event.id)).toEqual(logged.map((event) => event.id));
        for (const stream of writers) {
          const revisions = delivered.filter((event) => event.streamName === stream).map((event) => event.revision);
          expect(revisions).toEqual(range(0, 50));
        }
      },
      LIVE_TIMEOUT_MS + 5_000,
    );

    test(
      'delivers one stream from a revision exactly once and in order, including later concurrent appends',
      async () => {
        const stream = uniqueStream('stream-live');
        await store.append(stream, Array.from({ length: 5 }, () => newEvent()), 'no_stream');

        const subscription = store.subscribeToStream(stream, { afterRevision: 1 });
        const received = collectUntil(subscription, () => true, stream, SENTINEL_TYPE);
        await Promise.all(Array.from({ length: 4 }, () => appendConcurrently(store, stream, 25, 1, 'any')));
        await store.append(stream, [newEvent(SENTINEL_TYPE)], 'any');
        const delivered = await received;

        expect(delivered.map((event) => event.revision)).toEqual(range(2, 106));
        expect(new Set(delivered.map((event) => event.id)).size).toBe(104);
        const stored = await store.readStream(stream, { fromRevision: 2 });
        expect(delivered.map((event) => event.id)).toEqual(stored.map((event) => event.id));
      },
      LIVE_TIMEOUT_MS + 5_000,
    );

    test('subscribes to a stream from its start when no revision is given', async () => {
      const stream = uniqueStream('stream-start');
      await store.append(stream, [newEvent(), newEvent()], 'no_stream');
      const received = collectUntil(store.subscribeToStream(stream), () => true, stream, SENTINEL_TYPE);
      await store.append(stream, [newEvent(SENTINEL_TYPE)], 1);
      expect((await received).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    test('ends the iteration of a live subscription when it is closed', async () => {
      const stream = uniqueStream('close');
      await store.append(stream, [newEvent()], 'no_stream');
      const subscription = store.subscribeToStream(stream);
      const seen: number[] = [];
      const iterating = (async () => {
        for await (const event of subscription) {
          seen.push(event.revision);
          if (seen.length === 1) setTimeout(() => void subscription.close(), 50);
        }
      })();
      await expect(withTimeout(iterating, 10_000)).resolves.toBeUndefined();
      expect(seen).toEqual([0]);
    });
  });
}
