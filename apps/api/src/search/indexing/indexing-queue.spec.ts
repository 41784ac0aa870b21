import { IndexingQueue, type IndexingJob } from './indexing-queue';

type Job = IndexingJob<string>;

/** An apply function whose calls the test finishes by hand. */
function controlledApply() {
  const calls: { job: Job; finish(error?: Error): void }[] = [];
  const apply = (job: Job) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ job, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, apply };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));
const upsert = (documentId: string, document = documentId, dataSourceId = 'ds'): Job => ({ kind: 'upsert', dataSourceId, documentId, document });
const describeJob = (job: Job): string => (job.kind === 'upsert' ? `${job.documentId}=${job.document}` : `${job.kind}:${job.dataSourceId}`);

describe('IndexingQueue', () => {
  it('applies jobs off the caller, up to the concurrency, and settles each when applied', async () => {
    const { calls, apply } = controlledApply();
    const queue = new IndexingQueue(apply, { capacity: 10, concurrency: 2 });
    const tickets = await Promise.all(['a', 'b', 'c'].map((id) => queue.enqueue(upsert(id))));
    expect(calls.map((call) => describeJob(call.job))).toEqual(['a=a', 'b=b']);
    let appliedA = false;
    void tickets[0].applied.then(() => (appliedA = true));
    calls[0].finish();
    await tick();
    expect(appliedA).toBe(true);
    expect(calls.map((call) => describeJob(call.job))).toEqual(['a=a', 'b=b', 'c=c']);
    calls[1].finish();
    calls[2].finish();
    await queue.whenIdle();
    expect(queue.delayStats()).toMatchObject({ applied: 3, failed: 0, pending: 0, running: 0 });
    expect(queue.delayStats().maxDelayMs).toBeGreaterThanOrEqual(0);
  });

  it('never runs two jobs of one document at once, keeps their order, and lets a newer waiting upsert replace an older one', async () => {
    const { calls, apply } = controlledApply();
    const queue = new IndexingQueue(apply, { capacity: 10, concurrency: 4 });
    await queue.enqueue(upsert('d', 'v1'));
    const second = await queue.enqueue(upsert('d', 'v2'));
    const third = await queue.enqueue(upsert('d', 'v3'));
    await queue.enqueue(upsert('other'));
    expect(calls.map((call) => describeJob(call.job))).toEqual(['d=v1', 'other=other']);
    calls[0].finish();
    await tick();
    expect(calls.map((call) => describeJob(call.job))).toEqual(['d=v1', 'other=other', 'd=v3']);
    let secondApplied = false;
    void second.applied.then(() => (secondApplied = true));
    calls[2].finish();
    await third.applied;
    await tick();
    expect(secondApplied).toBe(true);
  });

  it('deleting a data source drops its waiting jobs and waits for its running ones', async () => {
    const { calls, apply } = controlledApply();
    const queue = new IndexingQueue(apply, { capacity: 10, concurrency: 4 });
    await queue.enqueue(upsert('a', 'a', 'ds1'));
    await queue.enqueue(upsert('a', 'a2', 'ds1'));
    await queue.enqueue({ kind: 'delete_data_source', dataSourceId: 'ds1' });
    await queue.enqueue(upsert('x', 'x', 'ds2'));
    expect(calls.map((call) => describeJob(call.job))).toEqual(['a=a', 'x=x']);
    calls[0].finish();
    await tick();
    expect(calls.map((call) => describeJob(call.job))).toEqual(['a=a', 'x=x', 'delete_data_source:ds1']);
  });

  it('makes enqueue wait while the queue is full', async () => {
    const { calls, apply } = controlledApply();
    const queue = new IndexingQueue(apply, { capacity: 1, concurrency: 1 });
    await queue.enqueue(upsert('a'));
    await queue.enqueue(upsert('b'));
    let accepted = false;
    const third = queue.enqueue(upsert('c')).then(() => (accepted = true));
    await tick();
    expect(accepted).toBe(false);
    calls[0].finish();
    await third;
    expect(accepted).toBe(true);
  });

  it('reports a failed job to its waiter and to onFailed, and carries on', async () => {
    const { calls, apply } = controlledApply();
    const failures: string[] = [];
    const queue = new IndexingQueue(apply, { capacity: 10, concurrency: 1 }, undefined, (error) => failures.push(String(error)));
    const first = await queue.enqueue(upsert('a'));
    await queue.enqueue(upsert('b'));
    calls[0].finish(new Error('disk full'));
    await expect(first.applied).rejects.toThrow('disk full');
    await tick();
    calls[1].finish();
    await queue.whenIdle();
    expect(failures).toEqual(['Error: disk full']);
    expect(queue.delayStats()).toMatchObject({ applied: 1, failed: 1 });
  });

  it('refuses jobs once closed', async () => {
    const queue = new IndexingQueue(async () => undefined, { capacity: 1, concurrency: 1 });
    queue.close();
    await expect(queue.enqueue(upsert('a'))).rejects.toThrow(/closed/);
  });
});
