import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BlobTooLargeError, sweepOrphanBlobs, type BlobStore } from '../src/blob-store/blob-store.port';

/** Chunks of `bytes`, as an upload delivers them. */
async function* chunksOf(bytes: Buffer, chunkSize = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The behaviour every BlobStore adapter must show. Each test writes random bytes of its own, so
 * the suite can run against a shared server.
 */
export function describeBlobStoreContract(name: string, factory: () => Promise<BlobStore>, options: { skip?: boolean } = {}): void {
  // Skipped tests are still registered, so a run without the server reports them as skipped.
  const test = options.skip ? it.skip : it;

  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    if (!options.skip) {
      beforeAll(async () => {
        store = await factory();
      });
      afterAll(() => store.close());
    }

    test('stores bytes under their SHA-256 and streams them back unchanged', async () => {
      const bytes = randomBytes(300 * 1024 + 7);
      const ref = await store.put(chunksOf(bytes));
      expect(ref).toEqual({ hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
      expect(await store.has(ref.hash)).toBe(true);
      const stream = await store.get(ref.hash);
      expect(stream).not.toBeNull();
      expect((await readAll(stream!)).equals(bytes)).toBe(true);
    });

    test('stores the same bytes once', async () => {
      const bytes = randomBytes(1000);
      const first = await store.put(chunksOf(bytes));
      const second = await store.put(chunksOf(bytes, 10));
      expect(second).toEqual(first);
      let copies = 0;
      for await (const blob of store.list()) if (blob.hash === first.hash) copies += 1;
      expect(copies).toBe(1);
    });

    test('stores an empty blob', async () => {
      const ref = await store.put(chunksOf(Buffer.alloc(0)));
      expect(ref.size).toBe(0);
      expect((await readAll((await store.get(ref.hash))!)).length).toBe(0);
    });

    test('refuses a blob past maxBytes and keeps nothing of it', async () => {
      const bytes = randomBytes(10_000);
      await expect(store.put(chunksOf(bytes, 1000), { maxBytes: 9_999 })).rejects.toBeInstanceOf(BlobTooLargeError);
      const hash = createHash('sha256').update(bytes).digest('hex');
      expect(await store.has(hash)).toBe(false);
      for await (const blob of store.list()) expect(blob.hash).not.toBe(hash);
    });

    test('keeps nothing visible of a write whose source fails midway', async () => {
      async function* failing(): AsyncIterable<Uint8Array> {
        yield randomBytes(5000);
        throw new Error('connection reset');
      }
      const before = new Set<string>();
      for await (const blob of store.list()) before.add(blob.hash);
      await expect(store.put(failing())).rejects.toThrow('connection reset');
      for await (const blob of store.list()) expect(before.has(blob.hash)).toBe(true);
    });

    test('answers null and false for a missing or malformed hash', async () => {
      const missing = createHash('sha256').update(randomBytes(16)).digest('hex');
      expect(await store.get(missing)).toBeNull();
      expect(await store.has(missing)).toBe(false);
      expect(await store.has('../../etc/passwd')).toBe(false);
      expect(await store.get('../x')).toBeNull();
    });

    test('deletes a blob; deleting it again is not an error', async () => {
      const ref = await store.put(chunksOf(randomBytes(2000)));
      await store.delete(ref.hash);
      expect(await store.has(ref.hash)).toBe(false);
      expect(await store.get(ref.hash)).toBeNull();
      await expect(store.delete(ref.hash)).resolves.toBeUndefined();
    });

    test('the orphan sweep removes unreferenced blobs past the grace period and keeps the rest', async () => {
      const kept = await store.put(chunksOf(randomBytes(100)));
      const orphan = await store.put(chunksOf(randomBytes(100)));
      const ours = new Set([kept.hash, orphan.hash]);
      // Blobs of other tests (or other runs on a shared server) count as referenced here.
      const isReferenced = (hash: string) => !ours.has(hash) || hash === kept.hash;
      expect(await sweepOrphanBlobs(store, isReferenced, { now: Date.now(), graceMs: 60_000 })).toBe(0);
      expect(await sweepOrphanBlobs(store, isReferenced, { now: Date.now() + 120_000, graceMs: 60_000 })).toBe(1);
      expect(await store.has(kept.hash)).toBe(true);
      expect(await store.has(orphan.hash)).toBe(false);
    });
  });
}
