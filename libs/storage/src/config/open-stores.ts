import { mkdirSync } from 'node:fs';
import type { EventStore } from '../event-store/event-store.port';
import type { EventStoreDbEventStoreOptions } from '../event-store/eventstoredb-event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { ReadStore } from '../read-store/read-store.port';
import { DEFAULT_READ_CACHE_LIMITS } from '../read-store/sqlite-read-cache';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import type { StorageConfig } from './storage-config';
import { eventStoreDbAdapter, mongoReadStoreAdapter } from './external-store-adapters';

/** Opens the event store the configuration names; `options.onSkip` hears of foreign events in an EventStoreDB log. */
export function openEventStore(config: StorageConfig, options: EventStoreDbEventStoreOptions = {}): EventStore {
  if (config.eventStore.kind === 'eventstoredb') return new (eventStoreDbAdapter().EventStoreDbEventStore)(config.eventStore.url, options);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteEventStore({ path: config.eventStore.path, backgroundCheckpoints: true });
}

/** How an embedded read store is opened (other stores ignore it). */
export interface ReadStoreOpenOptions {
  /** See SqliteReadStoreOptions; BULK_CHECKPOINT_INTERVAL_MS for a rebuild. */
  readonly checkpointIntervalMs?: number;
}

/** Opens the read store the configuration names. */
export function openReadStore(config: StorageConfig, options: ReadStoreOpenOptions = {}): ReadStore {
  if (config.readStore.kind === 'mongodb') return new (mongoReadStoreAdapter().MongoReadStore)({ url: config.readStore.url, dbName: config.readStore.dbName });
  mkdirSync(config.dataDir, { recursive: true });
  const cache = { ...DEFAULT_READ_CACHE_LIMITS, maxChars: config.readStore.cacheMb * 1024 * 1024 };
  return new SqliteReadStore({ path: config.readStore.path, cache, backgroundCheckpoints: true, checkpointIntervalMs: options.checkpointIntervalMs });
}

/**
 * Opens the read store the configuration names and checks at once that the server can take the
 * service's writes, so that a wrong server stops the boot with a clear ConfigurationError instead of
 * failing every commit later: with MongoDB, a replica set or sharded cluster of 5.0 or later. A
 * server that does not answer yet is not an error here; the first call that reaches it checks again.
 */
export async function openVerifiedReadStore(config: StorageConfig, options: ReadStoreOpenOptions = {}): Promise<ReadStore> {
  if (config.readStore.kind !== 'mongodb') return openReadStore(config, options);
  const store = new (mongoReadStoreAdapter().MongoReadStore)({ url: config.readStore.url, dbName: config.readStore.dbName });
  await store.verifyServer();
  return store;
}
