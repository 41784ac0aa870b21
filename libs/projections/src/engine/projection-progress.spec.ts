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
    setTimeout(() => progress.report(5, 1), 20);
    await waiting;
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });

  it('sees a projector of another process through its checkpoint', async () => {
    const waiting = waitForProjection(null, store, generations, 7, { timeoutMs: 5000, pollIntervalMs: 10 });
    setTimeout(() => void setCheckpoint(7), 20);
    await expect(waiting).resolves.toBe(1);
  });

  it('fails with a lag error when the position is not reached in time', async () => {
    const progress = new ProjectionProgress();
    progress.report(3, 1);
    await setCheckpoint(3);
    await expect(waitForProjection(progress, store, generations, 4, { timeoutMs: 50, pollIntervalMs: 10 })).rejects.toBeInstanceOf(
      ProjectionLagError,
    );
  });

  it('keeps the highest reported position', () => {
    const progress = new ProjectionProgress();
    progress.report(9, 1);
    progress.report(4, 1);
    expect(progress.current()).toBe(9);
  });

  it('does not count progress on an older generation once a rebuild switched reads to a newer one', async () => {
    const progress = new ProjectionProgress();
    progress.report(50, 1);
    const checks: number[] = [];
    progress.onGenerationCheckRequest(() => checks.push(Date.now()));
    await generations.activate(2);

    await expect(waitForProjection(progress, store, generations, 40, { timeoutMs: 60, pollIntervalMs: 10 })).rejects.toBeInstanceOf(
      ProjectionLagError,
    );
    expect(checks.length).toBeGreaterThan(0);

    progress.report(40, 2);
    await expect(waitForProjection(progress, store, generations, 40, { timeoutMs: 60 })).resolves.toBe(2);
  });

  it('follows a newer generation from its own position, even when lower, and ignores an older one', () => {
    const progress = new ProjectionProgress();
    progress.report(90, 1);
    progress.report(10, 2);
    progress.report(95, 1);
    expect([progress.currentGeneration(), progress.current()]).toEqual([2, 10]);
    expect(progress.reached(10, 2)).toBe(true);
    expect(progress.reached(10, 1)).toBe(false);
  });
});
