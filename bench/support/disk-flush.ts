import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentiles } from './load';

/**
 * How long this machine's disk takes to make a small append durable (`fdatasync` of 4 KB written to
 * a file in the OS temp directory, where the benches' data directories are): what our server pays
 * before a token reaches any listener, and a proxy without durability does not.
 */
export function diskFlushMs(flushes = 50): { p50: number; p99: number; max: number } {
  const directory = mkdtempSync(join(tmpdir(), 'wcs-flush-'));
  const fd = openSync(join(directory, 'wal'), 'w');
  const page = Buffer.alloc(4096, 1);
  const samples: number[] = [];
  try {
    for (let i = 0; i < flushes; i += 1) {
      writeSync(fd, page);
      const startedAt = performance.now();
      fdatasyncSync(fd);
      samples.push(performance.now() - startedAt);
    }
  } finally {
    closeSync(fd);
    rmSync(directory, { recursive: true, force: true });
  }
  return percentiles(samples);
}
