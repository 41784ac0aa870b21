import type { Readable } from 'node:stream';

/** A stored blob: the SHA-256 of its bytes (lower-case hex) and its length. */
export interface BlobRef {
  readonly hash: string;
  readonly size: number;
}

/** A blob as listed by the orphan sweep. */
export interface BlobListing {
  readonly hash: string;
  /** Epoch ms when the blob was written. */
  readonly storedAt: number;
}

/** A blob grew past the `maxBytes` its writer allowed; nothing was kept. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The blob exceeds ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * File bytes, content-addressed by SHA-256 and immutable once written. Bytes stream in and out:
 * no adapter holds a whole blob in memory. A blob becomes visible only once complete, so a crash
 * mid-write leaves nothing a reader could see; blobs no file references are removed by a sweep.
 */
export interface BlobStore {
  /** Streams `source` into the store; rejects with BlobTooLargeError past `maxBytes` (nothing kept). */
  put(source: AsyncIterable<Uint8Array>, options?: { readonly maxBytes?: number }): Promise<BlobRef>;
  /** The bytes of a blob, or null when there is no such blob. */
  get(hash: string): Promise<Readable | null>;
  has(hash: string): Promise<boolean>;
  /** Removes a blob; removing a missing blob is not an error. */
  delete(hash: string): Promise<void>;
  /** Every stored blob. */
  list(): AsyncIterable<BlobListing>;
  close(): Promise<void>;
}

export const BLOB_STORE = Symbol('BLOB_STORE');

/** Whether `hash` has the form of a blob hash (guards paths and queries built from it). */
export function isBlobHash(hash: string): boolean {
  return /^[0-9a-f]{64}$/.test(hash);
}

/**
 * Removes blobs that no file references, written more than `graceMs` ago (a blob written by an
 * upload in flight is not referenced yet). Returns how many were removed.
 */
export async function sweepOrphanBlobs(
  store: BlobStore,
  isReferenced: (hash: string) => boolean,
  options: { readonly now: number; readonly graceMs: number },
): Promise<number> {
  const orphans: string[] = [];
  for await (const blob of store.list()) {
    if (!isReferenced(blob.hash) && options.now - blob.storedAt >= options.graceMs) orphans.push(blob.hash);
  }
  for (const hash of orphans) await store.delete(hash);
  return orphans.length;
}
