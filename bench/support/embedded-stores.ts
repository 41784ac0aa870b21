import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../libs/storage/src/event-store/sqlite-event-store';
import { SqliteReadStore } from '../../libs/storage/src/read-store/sqlite-read-store';

/**
 * A fresh SQLite event log and read store in a temp directory, as the service opens them; removed by
 * `close()`. `readStoreCheckpointIntervalMs`: as `npm run projector -- rebuild` opens its read store.
 */
export function embeddedStores(
  prefix: string,
  options: { readonly readStoreCheckpointIntervalMs?: number } = {},
): { eventStore: SqliteEventStore; readStore: SqliteReadStore; close(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const eventStore = new SqliteEventStore({ path: join(dir, 'events.sqlite'), backgroundCheckpoints: true });
  const readStore = new SqliteReadStore({
    path: join(dir, 'read-models.sqlite'),
    backgroundCheckpoints: true,
    checkpointIntervalMs: options.readStoreCheckpointIntervalMs,
  });
  return {
    eventStore,
    readStore,
    async close() {
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
