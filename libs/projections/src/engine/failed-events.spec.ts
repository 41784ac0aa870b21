import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import {
  checkpointName,
  GenerationRegistry,
  SqliteEventStore,
  SqliteReadStore,
  UnstorableDocumentError,
  type EventStore,
  type NewEvent,
  type ReadStore,
} from '@app/storage';
import { randomUUID } from 'node:crypto';
import type { Projection } from '../projection';
import { FailedEvents } from './failed-events';
import { LiveProjector } from './live-projector';
import { dropGenerationsBefore } from './old-generations';
import { ProjectionProgress } from './projection-progress';
import { ProjectorStatusBoard } from './projector-status';
import { rebuildReadModels } from './rebuild';
import { retryFailedEvents } from './retry-failed';
import { until } from '@app/contracts/test/until';

/** Counts ticks per key; while `broken`, a tick whose `value` is 'poison' throws, as a projection bug would. */
let broken = true;
const tally: Projection<{ values: string[] }> = {
  name: 'tally',
  version: 1,
  indexes: [],
  canHandle: ['Ticked'],
  documentIds: (event) => [String(event.data.key)],
  evolve: (doc, event) => {
    if (broken && event.data.value === 'poison') throw new Error('cannot fold poison');
    return { values: [...(doc?.values ?? []), String(event.data.value)] };
  },
};

const silent = { info: () => undefined, error: () => undefined };

function tick(key: string, value: string): NewEvent {
  return { id: randomUUID(), type: 'Ticked', data: { key, value }, metadata: { schemaVersion: 1 } };
}


describe('failed events', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  const values = async (key: string, generation = 1) =>
    (await readStore.get<{ values: string[] }>(physicalCollectionName(tally, generation), key))?.values ?? null;
  const checkpoint = async (generation = 1) => (await readStore.getCheckpoint(checkpointName(generation))) ?? 0;
  const caughtUp = async () => (await checkpoint()) === (await eventStore.headPosition());

  beforeEach(() => {
    broken = true;
    eventStore = new SqliteEventStore({ path: ':memory:' });
    readStore = new SqliteReadStore({ path: ':memory:' });
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
  });

  it('records an event that fails, holds back the later events of its stream, and applies every other stream', async () => {
    const failedReports: number[] = [];
    const projector = new LiveProjector(eventStore, readStore, [tally], silent, new ProjectionProgress(), {
      onFailedEvents: (failed) => failedReports.push(...failed.map((event) => event.position)),
    });
    await projector.start();
    await eventStore.append('stream-healthy', [tick('healthy', '1')], 'any');
    const poisoned = await eventStore.append('stream-poisoned', [tick('poisoned', 'ok'), tick('poisoned', 'poison')], 'any');
    await eventStore.append('stream-poisoned', [tick('poisoned', 'after')], 'any');
    await eventStore.append('stream-healthy', [tick('healthy', '2')], 'any');
    await until(caughtUp);

    expect(await values('healthy')).toEqual(['1', '2']);
    expect(await values('poisoned')).toEqual(['ok']);
    const failures = await new FailedEvents(readStore, 1).list();
    expect(failures.map(({ streamName, revision, heldBehind }) => ({ streamName, revision, heldBehind }))).toEqual([
      { streamName: 'stream-poisoned', revision: 1, heldBehind: null },
      { streamName: 'stream-poisoned', revision: 2, heldBehind: poisoned.position },
    ]);
    expect(failures[0]?.error).toBe('Error: cannot fold poison');
    expect(failedReports).toEqual(failures.map((failure) => failure.position));
    expect(projector.state.state).toBe('following');

    // Still following: a later event of a healthy stream lands, one of the poisoned stream waits.
    await eventStore.append('stream-healthy', [tick('healthy', '3')], 'any');
    await eventStore.append('stream-poisoned', [tick('poisoned', 'later')], 'any');
    await until(caughtUp);
    expect(await values('healthy')).toEqual(['1', '2', '3']);
    expect(await values('poisoned')).toEqual(['ok']);

    // Once the projection is fixed, retry-failed replays the stream's held events in order.
    broken = false;
    const retried = await retryFailedEvents(eventStore, readStore, [tally]);
    expect(retried).toMatchObject({ generation: 1, applied: 3, stillFailing: [] });
    expect(await values('poisoned')).toEqual(['ok', 'poison', 'after', 'later']);
    expect(await new FailedEvents(readStore, 1).count()).toBe(0);
    expect(await checkpoint()).toBe(await eventStore.headPosition());

    // And the live projector applies that stream's next events again.
    await eventStore.append('stream-poisoned', [tick('poisoned', 'next')], 'any');
    await until(async () => (await values('poisoned'))?.at(-1) === 'next', 3000);
    await projector.stop();
  });

  it('retry-failed leaves a stream that still fails held, in order', async () => {
    await eventStore.append('stream-p', [tick('p', 'poison'), tick('p', 'after')], 'any');
    const projector = new LiveProjector(eventStore, readStore, [tally], silent, new ProjectionProgress());
    await projector.start();
    await until(caughtUp);
    await projector.stop();

    const retried = await retryFailedEvents(eventStore, readStore, [tally]);
    expect(retried.applied).toBe(0);
    expect(retried.stillFailing.map((event) => event.revision)).toEqual([0, 1]);
    expect(await new FailedEvents(readStore, 1).count()).toBe(2);
    expect(await values('p')).toBeNull();
  });

  it('does not record anything while the store itself fails: it retries from the checkpoint', async () => {
    let storeDown = true;
    const flaky: ReadStore = Object.assign(Object.create(readStore) as ReadStore, {
      commit: (unit: Parameters<ReadStore['commit']>[0]) => (storeDown ? Promise.reject(new Error('disk I/O error')) : readStore.commit(unit)),
      ping: () => Promise.resolve(!storeDown),
    });
    await eventStore.append('stream-a', [tick('a', '1'), tick('a', '2')], 'any');
    const projector = new LiveProjector(eventStore, flaky, [tally], silent, new ProjectionProgress(), { retryDelayMs: 20 });
    await projector.start();
    await until(async () => projector.state.state === 'failing');
    expect(projector.state.lastError).toContain('disk I/O error');
    expect(await checkpoint()).toBe(0);

    storeDown = false;
    await until(caughtUp);
    expect(await values('a')).toEqual(['1', '2']);
    expect(await new FailedEvents(readStore, 1).count()).toBe(0);
    await until(async () => projector.state.state === 'following');
    expect((await new ProjectorStatusBoard(readStore).read())?.state).toBe('following');
    await projector.stop();
  });

  it('does not take a lock held elsewhere for the event\'s fault, though the store answers its ping', async () => {
    let locked = true;
    const busy = Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 });
    const contended: ReadStore = Object.assign(Object.create(readStore) as ReadStore, {
      commit: (unit: Parameters<ReadStore['commit']>[0]) => (locked ? Promise.reject(busy) : readStore.commit(unit)),
    });
    await eventStore.append('stream-a', [tick('a', '1')], 'any');
    const projector = new LiveProjector(eventStore, contended, [tally], silent, new ProjectionProgress(), { retryDelayMs: 20 });
    await projector.start();
    await until(async () => projector.state.state === 'failing');
    locked = false;
    await until(caughtUp);
    await projector.stop();
    expect(await values('a')).toEqual(['1']);
    expect(await new FailedEvents(readStore, 1).count()).toBe(0);
  });

  it('records an event whose document the read store refuses (MongoDB limits) instead of retrying it forever', async () => {
    // The store answers, but refuses any document holding the value 'too-big', as MongoDB refuses one over its limits.
    const refusing: ReadStore = Object.assign(Object.create(readStore) as ReadStore, {
      commit: (unit: Parameters<ReadStore['commit']>[0]) => {
        const refused = unit.puts.find((put) => JSON.stringify(put.doc).includes('too-big'));
        return refused
          ? Promise.reject(new UnstorableDocumentError(refused.collection, refused.id, 'larger than 16 MiB'))
          : readStore.commit(unit);
      },
    });
    await eventStore.append('stream-big', [tick('big', 'too-big')], 'any');
    await eventStore.append('stream-small', [tick('small', '1')], 'any');
    const projector = new LiveProjector(eventStore, refusing, [tally], silent, new ProjectionProgress());
    await projector.start();
    await until(caughtUp);
    await projector.stop();

    expect(await values('small')).toEqual(['1']);
    const [failure] = await new FailedEvents(readStore, 1).list();
    expect(failure).toMatchObject({ streamName: 'stream-big', heldBehind: null });
    expect(failure?.error).toContain('UnstorableDocumentError');
  });

  it('a rebuild records the failures in the new generation, goes on, and drops every older generation', async () => {
    await eventStore.append('stream-p', [tick('p', 'poison')], 'any');
    await eventStore.append('stream-h', [tick('h', '1')], 'any');
    const generations = new GenerationRegistry(readStore);
    await generations.init();
    // A generation left behind by an interrupted rebuild, and the live one.
    await readStore.ensureCollection({ name: physicalCollectionName(tally, 7), indexes: [] });
    await readStore.ensureCollection({ name: physicalCollectionName(tally, 1), indexes: [] });

    const result = await rebuildReadModels(eventStore, readStore, [tally], { switchGraceMs: 0 });
    expect(result).toMatchObject({ events: 2, failed: 1 });
    expect(await values('h', result.generation)).toEqual(['1']);
    expect((await new FailedEvents(readStore, result.generation).list()).map((event) => event.streamName)).toEqual(['stream-p']);
    const collections = await readStore.listCollections();
    expect(collections).not.toContain(physicalCollectionName(tally, 1));
    expect(collections).toContain(physicalCollectionName(tally, result.generation));
    expect(await dropGenerationsBefore(readStore, result.generation)).toEqual([]);
  });
});
