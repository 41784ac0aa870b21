import { nonEmpty, parseIntegerVariable, type Environment } from '../environment/environment-variables';

/** Where state lives: the embedded SQLite files under a data directory, or the real engines. */
export interface StorageConfig {
  readonly eventStore: { readonly kind: 'sqlite'; readonly path: string } | { readonly kind: 'eventstoredb'; readonly url: string };
  readonly readStore:
    | { readonly kind: 'sqlite'; readonly path: string; readonly cacheMb: number }
    | { readonly kind: 'mongodb'; readonly url: string; readonly dbName: string };
  readonly dataDir: string;
  /** True when both stores are the embedded ones: the api then runs the projector in-process. */
  readonly embedded: boolean;
}

/** Parses the storage variables; returns the problems instead of throwing so boot can list them all. */
export function parseStorageConfig(env: Environment, problems: string[]): StorageConfig {
  const dataDir = nonEmpty(env.DATA_DIR) ?? './data';
  const eventStoreUrl = nonEmpty(env.EVENTSTORE_URL);
  const mongoUrl = nonEmpty(env.MONGODB_URL);
  if (eventStoreUrl !== undefined && !/^(esdb|esdb\+discover|kurrentdb|kurrentdb\+discover|kurrent):\/\/.+/.test(eventStoreUrl)) {
    problems.push('EVENTSTORE_URL must be an esdb:// or kurrentdb:// connection string');
  }
  if (mongoUrl !== undefined && !/^mongodb(\+srv)?:\/\/.+/.test(mongoUrl)) {
    problems.push('MONGODB_URL must be a mongodb:// or mongodb+srv:// connection string');
  }
  const dbName = nonEmpty(env.MONGODB_DB) ?? 'workspace_service';
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(dbName)) problems.push('MONGODB_DB must be 1-63 letters, digits, "_" or "-"');
  const cacheMb = parseIntegerVariable(env, 'READ_CACHE_MB', 32, { min: 0, max: 16_384 }, problems);
  return {
    dataDir,
    eventStore: eventStoreUrl ? { kind: 'eventstoredb', url: eventStoreUrl } : { kind: 'sqlite', path: `${dataDir}/events.sqlite` },
    readStore: mongoUrl ? { kind: 'mongodb', url: mongoUrl, dbName } : { kind: 'sqlite', path: `${dataDir}/read-models.sqlite`, cacheMb },
    embedded: eventStoreUrl === undefined && mongoUrl === undefined,
  };
}
