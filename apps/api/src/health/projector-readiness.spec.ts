import { ProjectionProgress, ProjectorStatusBoard } from '@app/projections';
import { checkpointName, SqliteEventStore, SqliteReadStore, type EventStore, type ReadStore } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { loadApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { ProjectorReadinessProbe } from './projector-readiness';

describe('ProjectorReadinessProbe', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  let probe: ProjectorReadinessProbe;
  const board = () => new ProjectorStatusBoard(readStore);
  const append = (count: number) =>
    eventStore.append(
      'stream-x',
      Array.from({ length: count }, () => ({ id: randomUUID(), type: 'Ticked', data: {}, metadata: { schemaVersion: 2 } })),
      'any',
    );
  const checkpointAt = (position: number) => readStore.commit({ puts: [], deletes: [], checkpoint: { name: checkpointName(1), position } });

  beforeEach(async () => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    readStore = new SqliteReadStore({ path: ':memory:' });
    const config = loadApiConfig({ READY_MAX_LAG_EVENTS: '3', READY_STUCK_AFTER_MS: '100' });
    const readModels = new ReadModels(readStore, config, new ProjectionProgress());
    await readModels.generations.init();
    probe = new ProjectorReadinessProbe(eventStore, readStore, config, readModels);
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
  });

  it('is starting before the projector published anything, following once it did and keeps up', async () => {
    expect(await probe.report()).toEqual({ state: 'starting', lagEvents: 0, failedEvents: 0 });
    await board().publish({ state: 'following', lastError: null, since: new Date().toISOString() });
    await append(2);
    expect(await probe.report()).toEqual({ state: 'following', lagEvents: 2, failedEvents: 0 });
  });

  it('is failing while the projector says its store fails', async () => {
    await board().publish({ state: 'failing', lastError: 'disk I/O error', since: new Date().toISOString() });
    expect((await probe.report()).state).toBe('failing');
  });

  it('is behind past the lag bound, counting one event past it at most', async () => {
    await board().publish({ state: 'following', lastError: null, since: new Date().toISOString() });
    await append(10);
    expect(await probe.report()).toEqual({ state: 'behind', lagEvents: 4, failedEvents: 0 });
  });

  it('is stuck when events wait and the checkpoint has not moved for the configured time, and recovers when it moves', async () => {
    await board().publish({ state: 'following', lastError: null, since: new Date().toISOString() });
    const { position } = await append(2);
    expect((await probe.report()).state).toBe('following');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await probe.report()).state).toBe('stuck');
    await checkpointAt(position - 1);
    expect(await probe.report()).toEqual({ state: 'following', lagEvents: 1, failedEvents: 0 });
  });
});
