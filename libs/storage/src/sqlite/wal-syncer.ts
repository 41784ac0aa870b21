import { close, closeSync, fdatasync, fdatasyncSync, fsync, open, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const openFile = promisify(open);
const closeFile = promisify(close);
const datasync = promisify(fdatasync);
const syncFile = promisify(fsync);

/**
 * Makes a SQLite write-ahead log durable from libuv's thread pool instead of inside COMMIT. The
 * committing connection runs with `synchronous = NORMAL` (its commits write WAL frames but do not
 * fsync them); `sync()` then fdatasyncs the WAL file, which makes every frame written before the
 * call durable, whoever wrote it (the file is one inode). While the disk flushes, the event loop
 * serves requests and the next commits, which the following flush covers: calls made while a flush
 * runs share the next one, so there is at most one flush running and one waiting.
 */
export class WalSyncer {
  private fd: Promise<number> | null = null;
  private running: Promise<void> = Promise.resolve();
  private waiting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly walPath: string) {}

  /**
   * Flushes the WAL at once, blocking. For opening a database: frames a process wrote before it
   * died (after its COMMIT, before its flush) are readable, and must be durable before anything
   * is derived from them.
   */
  syncNow(): void {
    let fd: number;
    try {
      fd = openSync(this.walPath, 'r+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Resolves once every WAL frame written before this call is on disk. */
  sync(): Promise<void> {
    // Nothing written after closing could be flushed (and a file reopened now would stay open).
    if (this.closed) return Promise.reject(new Error('WalSyncer is closed'));
    if (this.waiting) return this.waiting;
    const next = this.running
      .catch(() => undefined)
      .then(() => {
        // From here on the flush below may have started: later callers need the one after it.
        if (this.waiting === next) this.waiting = null;
        return this.flush();
      });
    this.waiting = next;
    this.running = next;
    return next;
  }

  /** Waits for the flushes asked for, then closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running.catch(() => undefined);
    const fd = this.fd;
    this.fd = null;
    if (fd) await closeFile(await fd).catch(() => undefined);
  }

  private async flush(): Promise<void> {
    this.fd ??= this.openWal();
    let fd: number;
    try {
      fd = await this.fd;
    } catch (error) {
      this.fd = null;
      throw error;
    }
    await datasync(fd);
  }

  private async openWal(): Promise<number> {
    const fd = await openFile(this.walPath, 'r+');
    // The WAL file may be new: its directory entry must be durable too, once.
    const directory = await openFile(dirname(this.walPath), 'r');
    try {
      await syncFile(directory);
    } finally {
      await closeFile(directory);
    }
    return fd;
  }
}
