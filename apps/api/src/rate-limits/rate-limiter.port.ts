import type { RateBudget } from '../config/rate-limit-settings';

/** Whether a request may go on, and if not, how long until it could. */
export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * Counts requests per bucket key against a budget. The in-memory adapter counts per process; a
 * shared store (the read store with an expiry, Redis) can stand behind the same port, which is
 * why both operations are asynchronous.
 */
export interface RateLimiter {
  /** Spends one request of `key`'s budget when one is left. */
  take(key: string, budget: RateBudget): Promise<RateDecision>;
  /** Whether `key` has a request left, without spending it. */
  peek(key: string, budget: RateBudget): Promise<RateDecision>;
}

export const RATE_LIMITER = Symbol('RATE_LIMITER');
