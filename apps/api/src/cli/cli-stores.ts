import type { EventStore, ReadStore } from '@app/storage';
import type { ApiKeyUsage } from '../auth/api-key-usage';
import type { ApiConfig } from '../config/api-config';
import type { ReadModels } from '../event-sourcing/reading/read-models';
import type { UserAggregateWriter, UserEmailAggregateWriter, WorkspaceAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { staleReadModelsNotice } from './wait-for-projector';

/** What the CLI's handlers are built from: the stores the server uses, opened by this process. */
export interface CliStores {
  readonly config: ApiConfig;
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly workspaces: WorkspaceAggregateWriter;
  readonly users: UserAggregateWriter;
  readonly emails: UserEmailAggregateWriter;
  readonly readModels: ReadModels;
  readonly keyUsage: ApiKeyUsage;
}

/** One administration command: flags in, the one JSON object it prints out. */
export type CliCommand = (flags: ReadonlyMap<string, string>, stores: CliStores) => Promise<object>;

/**
 * Runs what reads the read models (a listing, a lookup) and warns on stderr when they may miss
 * recent changes, leaving stdout one JSON line.
 */
export async function readingModels<T>(stores: CliStores, read: () => Promise<T>): Promise<T> {
  // First, so that it also explains a "not found" the read may answer.
  const notice = await staleReadModelsNotice(stores.readStore, stores.eventStore);
  if (notice) process.stderr.write(`${notice}\n`);
  return read();
}
