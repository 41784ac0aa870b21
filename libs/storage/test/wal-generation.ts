import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A SQLite write-ahead log's checkpoint sequence and salts, read from its header: they change each
 * time the log starts over, and only then.
 */
export function walGeneration(databasePath: string): string {
  const header = Buffer.alloc(24);
  const fd = openSync(`${databasePath}-wal`, 'r');
  try {
    readSync(fd, header, 0, 24, 0);
  } finally {
    closeSync(fd);
  }
  return header.subarray(12, 24).toString('hex');
}
