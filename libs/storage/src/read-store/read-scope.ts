import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One request's claim on the freshness of cached reads. A read must see every commit made before
 * the request arrived; once a read of the request has checked for commits of other connections,
 * the reads that follow it (within a short span) may trust the cache without checking again.
 */
export interface ReadScope {
  /** The store (its freshness checker) whose check the scope holds (null: none yet, or one that must be redone). */
  checkedStore: object | null;
  /** When that check was made (epoch ms). */
  checkedAt: number;
}

const scopes = new AsyncLocalStorage<ReadScope>();

/** Runs `work` (and everything it starts) as one request: its reads share one freshness check. */
export function runInReadScope<T>(work: () => T): T {
  return scopes.run({ checkedStore: null, checkedAt: 0 }, work);
}

/** The scope of the request being served, if any. Background work has none, and checks on every read. */
export function currentReadScope(): ReadScope | undefined {
  return scopes.getStore();
}
