import { closeSync, openSync, readSync } from 'node:fs';

// The WAL-index header: the first 48 bytes of the `-shm` file, written twice in a row (96 bytes).
// Every commit to the database, by any connection of any process, rewrites it with a new change
// counter, frame count and checksums; SQLite itself compares it to notice other connections'
// commits (https://sqlite.org/walformat.html, "The WAL-Index Header").
const HEADER_BYTES = 48;

/**
 * Tells, with one `pread` and no lock, whether any connection committed since the last look. A
 * `PRAGMA data_version` answers the same question for 5 to 10 µs (a read transaction's shared-memory
 * locks and a row), which a busy read path paid on every request.
 */
export class WalIndexHeader {
  private readonly read = Buffer.alloc(2 * HEADER_BYTES);
  private readonly seen = Buffer.alloc(HEADER_BYTES);
  private known = false;

  private constructor(private fd: number | null) {}

  /** The header of the database at `path`, or null when it has none to read (in memory, not yet in WAL mode). */
  static of(path: string): WalIndexHeader | null {
    if (path === ':memory:' || path === '' || path.startsWith('file:')) return null;
    try {
      return new WalIndexHeader(openSync(`${path}-shm`, 'r'));
    } catch {
      return null;
    }
  }

  /**
   * True when the header is byte for byte what the last call found, so nobody committed in between.
   * False on the first call, after any change, and while a writer is between its two copies: the
   * caller then asks SQLite itself.
   */
  unchanged(): boolean {
    if (this.fd === null) return false;
    if (readSync(this.fd, this.read, 0, this.read.length, 0) < this.read.length) return this.forget();
    const first = this.read.subarray(0, HEADER_BYTES);
    // A writer updates the second copy, then the first: copies that differ are a commit under way.
    if (first.compare(this.read, HEADER_BYTES, 2 * HEADER_BYTES) !== 0) return this.forget();
    if (this.known && first.equals(this.seen)) return true;
    first.copy(this.seen);
    this.known = true;
    return false;
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }

  private forget(): false {
    this.known = false;
    return false;
  }
}
