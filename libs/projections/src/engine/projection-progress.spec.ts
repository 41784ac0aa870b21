import { checkpointName, GenerationRegistry, SqliteReadStore, type ReadStore } from '@app/storage';
import { ProjectionLagError, ProjectionProgress, waitForProjection } from './projection-progress';

describe('waitForProjection', () => {
  let store: ReadStore;
  let generations: GenerationRegistry;

  beforeEach(async () => {
    store = new SqliteReadStore({ path: ':memory:' });
    generations = new GenerationRegistry(store);
    await generations.init();
  });
  afterEach(() => store.close());

  const setCheckpoint = async (position: number) =>
    store.commit({ puts: [], deletes: [], checkpoint: { name: checkpointName(await generations.active()), position } });

  it('wakes as soon as the projector of this process reports the position, long before the next poll', async () => {
    const progress = new ProjectionProgress();
    const startedAt = Date.now();
    const waiting = waitForProjection(progress, store, generations, 5, { timeoutMs: 5000, pollIntervalMs: 2000 });
    setTimeout(() => progress.report(5), 20);
    await waiting;
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });

  it('sees a projector of another process through its checkpoint', async () => {
    const waiting = waitForProjection(null, store, generations, 7, { timeoutMs: 5000, pollIntervalMs: 10 });
    setTimeout(() => void setCheckpoint(7), 20);
    await expect(waiting).resolves.toBeUndefined();
  });

  it('fails with a lag error when the position is not reached in time', async () => {
    const progress = new ProjectionProgress();
    progress.report(3);
    await setCheckpoint(3);
    await expect(waitForProjection(progress, store, generations, 4, { timeoutMs: 50, pollIntervalMs: 10 })).rejects.toBeInstanceOf(
      ProjectionLagError,
    );
  });

  it('keeps the highest reported position', () => {
    const progress = new ProjectionProgress();
    progress.report(9);
    progress.report(4);
    expect(progress.current()).toBe(9);
  });
});
