import { InMemoryRateLimiter } from './in-memory-rate-limiter';
import type { RateBudget } from '../config/rate-limit-settings';

const FIVE_PER_10S: RateBudget = { limit: 5, windowMs: 10_000 };

describe('InMemoryRateLimiter', () => {
  let nowMs: number;
  const clock = { now: () => nowMs };

  beforeEach(() => {
    nowMs = 1_000_000;
  });

  async function takeMany(limiter: InMemoryRateLimiter, key: string, count: number, budget = FIVE_PER_10S) {
    const decisions = [];
    for (let i = 0; i < count; i += 1) decisions.push(await limiter.take(key, budget));
    return decisions;
  }

  it('allows a burst up to the limit, then refuses with the time until one request comes back', async () => {
    const limiter = new InMemoryRateLimiter(clock);
    const decisions = await takeMany(limiter, 'k', 6);
    expect(decisions.slice(0, 5)).toEqual(Array(5).fill({ allowed: true }));
    // 5 per 10 s: one request comes back every 2 s.
    expect(decisions[5]).toEqual({ allowed: false, retryAfterMs: 2_000 });
    nowMs += 500;
    expect(await limiter.take('k', FIVE_PER_10S)).toEqual({ allowed: false, retryAfterMs: 1_500 });
  });

  it('refills at the budget rate and never above the limit', async () => {
    const limiter = new InMemoryRateLimiter(clock);
    await takeMany(limiter, 'k', 5);
    nowMs += 4_000;
    expect((await takeMany(limiter, 'k', 3)).map((d) => d.allowed)).toEqual([true, true, false]);
    nowMs += 3_600_000;
    expect((await takeMany(limiter, 'k', 6)).map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('peeks without spending', async () => {
    const limiter = new InMemoryRateLimiter(clock);
    for (let i = 0; i < 10; i += 1) expect(await limiter.peek('k', FIVE_PER_10S)).toEqual({ allowed: true });
    await takeMany(limiter, 'k', 5);
    expect(await limiter.peek('k', FIVE_PER_10S)).toEqual({ allowed: false, retryAfterMs: 2_000 });
    nowMs += 2_000;
    expect(await limiter.peek('k', FIVE_PER_10S)).toEqual({ allowed: true });
  });

  it('keeps one bucket per key, each under the budget it is asked with', async () => {
    const limiter = new InMemoryRateLimiter(clock);
    await takeMany(limiter, 'a', 5);
    expect(await limiter.take('a', FIVE_PER_10S)).toMatchObject({ allowed: false });
    expect(await limiter.take('b', FIVE_PER_10S)).toEqual({ allowed: true });
    const twoPerMinute = { limit: 2, windowMs: 60_000 };
    expect((await takeMany(limiter, 'c', 3, twoPerMinute)).at(-1)).toEqual({ allowed: false, retryAfterMs: 30_000 });
  });

  it('drops buckets once they have refilled, and a dropped bucket answers like a fresh one', async () => {
    const limiter = new InMemoryRateLimiter({ ...clock, sweepEveryMs: 1_000 });
    await takeMany(limiter, 'idle', 5);
    await takeMany(limiter, 'busy', 1);
    expect(limiter.size).toBe(2);
    // 'busy' refills its one request in 2 s, 'idle' needs the whole 10 s.
    nowMs += 2_000;
    await limiter.peek('other', FIVE_PER_10S);
    expect(limiter.size).toBe(1);
    nowMs += 8_000;
    await limiter.peek('other', FIVE_PER_10S);
    expect(limiter.size).toBe(0);
    expect((await takeMany(limiter, 'idle', 6)).map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('holds at most maxBuckets, dropping the least recently used', async () => {
    const limiter = new InMemoryRateLimiter({ ...clock, maxBuckets: 2 });
    await takeMany(limiter, 'a', 5);
    await takeMany(limiter, 'b', 5);
    // Touching 'a' makes 'b' the least recently used.
    expect(await limiter.take('a', FIVE_PER_10S)).toMatchObject({ allowed: false });
    await limiter.take('c', FIVE_PER_10S);
    expect(limiter.size).toBe(2);
    expect(await limiter.take('a', FIVE_PER_10S)).toMatchObject({ allowed: false });
    expect(await limiter.take('b', FIVE_PER_10S)).toEqual({ allowed: true });
  });

  it('stays bounded under a flood of distinct keys', async () => {
    const limiter = new InMemoryRateLimiter({ ...clock, maxBuckets: 1_000 });
    for (let i = 0; i < 20_000; i += 1) await limiter.take(`address-${i}`, FIVE_PER_10S);
    expect(limiter.size).toBe(1_000);
  });
});
