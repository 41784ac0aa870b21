import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { isBlobHash, type BlobListing, type BlobRef, type BlobStore } from './blob-store.port';
import { countedSource } from './counted-source';

/**
 * Blobs as files under a directory (`DATA_DIR/blobs`), sharded by the first two hex digits of the
 * hash. A blob is written to a temporary file, fsynced, then renamed to its hash: a reader sees a
 * whole blob or none, whatever happens mid-write.
 */
export class FsBlobStore implements BlobStore {
  private readonly tmpDir: string;

  constructor(private readonly dir: string) {
    this.tmpDir = join(dir, 'tmp');
  }

  async put(source: AsyncIterable<Uint8Array>, options: { readonly maxBytes?: number } = {}): Promise<BlobRef> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmpPath = join(this.tmpDir, randomUUID());
    const counted = countedSource(source, options.maxBytes);
    const out = createWriteStream(tmpPath, { flags: 'wx' });
    try {
      for await (const chunk of counted.chunks) {
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
      }
      out.end();
      await finished(out);
      await fsync(tmpPath);
      const { hash, size } = counted.result();
      const target = this.pathOf(hash);
      await mkdir(join(target, '..'), { recursive: true });
      await rename(tmpPath, target);
      return { hash, size };
    } catch (error) {
      out.destroy();
      // The stream opens its file asynchronously: refused before that open completed, it still
      // creates the file, and closes it only then. Removed before that, the file would stay.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(tmpPath, { force: true });
      throw error;
    }
  }

  async get(hash: string): Promise<Readable | null> {
    if (!(await this.has(hash))) return null;
    return createReadStream(this.pathOf(hash));
  }

  async has(hash: string): Promise<boolean> {
    if (!isBlobHash(hash)) return false;
    return stat(this.pathOf(hash)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async delete(hash: string): Promise<void> {
    if (isBlobHash(hash)) await rm(this.pathOf(hash), { force: true });
  }

  async *list(): AsyncIterable<BlobListing> {
    const shards = await readdir(this.dir).catch(() => [] as string[]);
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await readdir(join(this.dir, shard)).catch(() => [] as string[])) {
        if (!isBlobHash(name)) continue;
        const info = await stat(join(this.dir, shard, name)).catch(() => null);
        if (info) yield { hash: name, storedAt: info.mtimeMs };
      }
    }
  }

  async close(): Promise<void> {
    // Temporary files of writes cut short by a crash are never blobs; drop them.
    await rm(this.tmpDir, { recursive: true, force: true });
  }

  private pathOf(hash: string): string {
    return join(this.dir, hash.slice(0, 2), hash);
  }
}

async function fsync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
