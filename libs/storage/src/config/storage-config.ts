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

export type Environment = Readonly<Record<string, string | undefined>>;

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

/** Reads an optional integer variable within bounds, recording a problem naming it when invalid. */
export function parseIntegerVariable(
  env: Environment,
  name: string,
  fallback: number,
  bounds: { min: number; max: number },
  problems: string[],
): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    problems.push(`${name} must be an integer between ${bounds.min} and ${bounds.max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** Reads an optional boolean variable ("true"/"false"/"1"/"0"). */
export function parseBooleanVariable(env: Environment, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

/** Thrown at boot with every configuration problem, each naming its variable. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
