import { BoundedQueue, QueueFullError } from './bounded-queue';

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks at once and refuses past its limit', async () => {
    const queue = new BoundedQueue(2, 1);
    let active = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      queue.run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
      });
    const running = [task(), task(), task()];
    await expect(task()).rejects.toBeInstanceOf(QueueFullError);
    while (releases.length < 2) await new Promise((resolve) => setImmediate(resolve));
    releases.splice(0).forEach((release) => release());
    while (releases.length < 1) await new Promise((resolve) => setImmediate(resolve));
    releases.splice(0).forEach((release) => release());
    await Promise.all(running);
    expect(peak).toBe(2);
    expect(queue.pending).toBe(0);
  });
});
