import type { RateBudget } from '../config/rate-limit-settings';
import type { RateDecision, RateLimiter } from './rate-limiter.port';

interface Bucket {
  /** Requests left at `updatedAt` (fractional: the bucket refills continuously). */
  readonly tokens: number;
  readonly updatedAt: number;
  /** When the bucket is full again: from then on it says nothing a fresh bucket would not. */
  readonly fullAt: number;
}

export interface InMemoryRateLimiterOptions {
  /** The clock, in milliseconds (injected by tests). */
  readonly now?: () => number;
  /** Buckets kept at most; beyond it the least recently used is dropped. */
  readonly maxBuckets?: number;
  /** How often buckets that have refilled (idle ones) are dropped. */
  readonly sweepEveryMs?: number;
}

const DEFAULT_MAX_BUCKETS = 100_000;
const DEFAULT_SWEEP_EVERY_MS = 60_000;

/**
 * Token buckets in this process's memory: a bucket holds up to `limit` requests and refills at
 * `limit` per `windowMs`, so a client may burst to the limit and then keeps the average rate.
 * Memory stays bounded: a full bucket is the same as no bucket, so idle ones are swept, and past
 * `maxBuckets` the least recently used goes (which can only forgive a client, never block one).
 */
export class InMemoryRateLimiter implements RateLimiter {
  // Insertion order is recency order: a bucket is re-inserted whenever it is touched.
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly maxBuckets: number;
  private readonly sweepEveryMs: number;
  private nextSweepAt: number;

  constructor(options: InMemoryRateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxBuckets = options.maxBuckets ?? DEFAULT_MAX_BUCKETS;
    this.sweepEveryMs = options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
    this.nextSweepAt = this.now() + this.sweepEveryMs;
  }

  take(key: string, budget: RateBudget): Promise<RateDecision> {
    return Promise.resolve(this.decide(key, budget, true));
  }

  peek(key: string, budget: RateBudget): Promise<RateDecision> {
    return Promise.resolve(this.decide(key, budget, false));
  }

  /** Buckets held in memory. */
  get size(): number {
    return this.buckets.size;
  }

  private decide(key: string, budget: RateBudget, spend: boolean): RateDecision {
    const now = this.now();
    if (now >= this.nextSweepAt) this.sweep(now);
    const perMs = budget.limit / budget.windowMs;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(budget.limit, bucket.tokens + Math.max(0, now - bucket.updatedAt) * perMs) : budget.limit;
    if (tokens < 1) {
      this.store(key, { tokens, updatedAt: now, fullAt: now + (budget.limit - tokens) / perMs });
      return { allowed: false, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
    }
    if (spend) this.store(key, { tokens: tokens - 1, updatedAt: now, fullAt: now + (budget.limit - tokens + 1) / perMs });
    return { allowed: true };
  }

  private store(key: string, bucket: Bucket): void {
    const known = this.buckets.delete(key);
    if (!known && this.buckets.size >= this.maxBuckets) {
      const leastRecent = this.buckets.keys().next().value;
      if (leastRecent !== undefined) this.buckets.delete(leastRecent);
    }
    this.buckets.set(key, bucket);
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.fullAt <= now) this.buckets.delete(key);
    this.nextSweepAt = now + this.sweepEveryMs;
  }
}
