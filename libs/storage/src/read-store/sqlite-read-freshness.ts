import { currentReadScope } from './read-scope';
import type { SqliteReadCache } from './sqlite-read-cache';
import type { SqliteReadConnection } from './sqlite-read-connection';
import { WalIndexHeader } from './wal-index-header';

// How long one request's check for other connections' commits covers its later reads. Longer than
// a request takes, short enough that a long-lived one (a stream) still sees others' commits soon.
const SCOPE_CHECK_MS = 20;

/** Keeps a connection's read cache no older than the commits other connections made before a read. */
export class SqliteReadFreshness {
  private dataVersion: unknown = null;
  // Opened at the first check, once the connection has surely made the `-shm` file.
  private header: WalIndexHeader | null | undefined;

  constructor(
    private readonly connection: SqliteReadConnection,
    private readonly cache: SqliteReadCache,
  ) {}

  /**
   * The time reads are made at, once the cache is known to be current: a commit by another
   * connection (another replica, the CLI) changes `data_version`, and then nothing cached holds.
   * Within a request (a ReadScope), the first read checks and the next ones, for SCOPE_CHECK_MS,
   * rely on that check: it was made after the request arrived, which is all a request may ask.
   */
  cacheReady(): number {
    const now = Date.now();
    if (!this.cache.enabled) return now;
    const scope = currentReadScope();
    if (scope && scope.checkedStore === this && now - scope.checkedAt <= SCOPE_CHECK_MS) return now;
    if (this.header === undefined) this.header = WalIndexHeader.of(this.connection.path);
    // The header is read before data_version: when it is still the same at the next check, no
    // commit came after the data_version that was read then.
    if (!this.header?.unchanged()) {
      const version = this.connection.statement('PRAGMA data_version').get()?.data_version;
      if (version !== this.dataVersion) {
        this.cache.clear();
        this.dataVersion = version;
      }
    }
    if (scope) {
      scope.checkedStore = this;
      scope.checkedAt = now;
    }
    return now;
  }

  close(): void {
    this.header?.close();
  }

  /**
   * Makes the request's next read check again: a checkpoint another connection committed may vouch
   * for documents the cache holds older copies of (read-your-writes with the projector in another process).
   */
  checkpointRead(): void {
    const scope = currentReadScope();
    if (scope) scope.checkedStore = null;
  }
}
