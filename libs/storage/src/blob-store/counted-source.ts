import { createHash } from 'node:crypto';
import { BlobTooLargeError } from './blob-store.port';

/** The bytes of a source as they pass, with their SHA-256 and length once the source is done. */
export interface CountedSource {
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Valid once `chunks` has been read to the end. */
  result(): { readonly hash: string; readonly size: number };
}

/**
 * Wraps what an adapter writes: every chunk is hashed and counted on its way, and past `maxBytes`
 * the iteration throws BlobTooLargeError, so no adapter writes more than it was allowed.
 */
export function countedSource(source: AsyncIterable<Uint8Array>, maxBytes = Number.POSITIVE_INFINITY): CountedSource {
  const hasher = createHash('sha256');
  let size = 0;
  let hash: string | null = null;
  async function* chunks(): AsyncIterable<Uint8Array> {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
      hasher.update(chunk);
      yield chunk;
    }
    hash = hasher.digest('hex');
  }
  return {
    chunks: chunks(),
    result() {
      if (hash === null) throw new Error('The source was not read to the end.');
      return { hash, size };
    },
  };
}
