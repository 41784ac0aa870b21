import { mkdirSync } from 'node:fs';
import type { EventStore } from '../event-store/event-store.port';
import { EventStoreDbEventStore } from '../event-store/eventstoredb-event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { MongoReadStore } from '../read-store/mongodb-read-store';
import type { ReadStore } from '../read-store/read-store.port';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import type { StorageConfig } from './storage-config';

/** Opens the event store the configuration names. */
export function openEventStore(config: StorageConfig): EventStore {
  if (config.eventStore.kind === 'eventstoredb') return new EventStoreDbEventStore(config.eventStore.url);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteEventStore({ path: config.eventStore.path });
}

/** Opens the read store the configuration names. */
export function openReadStore(config: StorageConfig): ReadStore {
  if (config.readStore.kind === 'mongodb') return new MongoReadStore({ url: config.readStore.url, dbName: config.readStore.dbName });
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteReadStore({ path: config.readStore.path });
}
