import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { GridFSBucket, MongoClient, type Db } from 'mongodb';
import { isBlobHash, type BlobListing, type BlobRef, type BlobStore } from './blob-store.port';
import { countedSource } from './counted-source';

const TMP_PREFIX = 'tmp-';

/**
 * Blobs in MongoDB GridFS (bucket `blobs`) on the read store's database. GridFS writes the file
 * document after the last chunk, and the file is uploaded under a temporary name then renamed to
 * its hash, so a reader by hash never meets a half-written blob.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly bucket: GridFSBucket;

  constructor(options: { readonly url: string; readonly dbName: string }) {
    this.client = new MongoClient(options.url, { serverSelectionTimeoutMS: 5000 });
    this.db = this.client.db(options.dbName);
    this.bucket = new GridFSBucket(this.db, { bucketName: 'blobs' });
  }

  async put(source: AsyncIterable<Uint8Array>, options: { readonly maxBytes?: number } = {}): Promise<BlobRef> {
    const upload = this.bucket.openUploadStream(`${TMP_PREFIX}${randomUUID()}`);
    const counted = countedSource(source, options.maxBytes);
    try {
      for await (const chunk of counted.chunks) {
        if (!upload.write(chunk)) await new Promise<void>((resolve) => upload.once('drain', resolve));
      }
      upload.end();
      await finished(upload);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    }
    const { hash, size } = counted.result();
    if (await this.has(hash)) await this.bucket.delete(upload.id);
    else await this.bucket.rename(upload.id, hash);
    return { hash, size };
  }

  async get(hash: string): Promise<Readable | null> {
    if (!(await this.has(hash))) return null;
    return this.bucket.openDownloadStreamByName(hash);
  }

  async has(hash: string): Promise<boolean> {
    if (!isBlobHash(hash)) return false;
    return (await this.bucket.find({ filename: hash }, { limit: 1 }).toArray()).length > 0;
  }

  async delete(hash: string): Promise<void> {
    if (!isBlobHash(hash)) return;
    for (const file of await this.bucket.find({ filename: hash }).toArray()) await this.bucket.delete(file._id);
  }

  async *list(): AsyncIterable<BlobListing> {
    for await (const file of this.bucket.find({}, { projection: { filename: 1, uploadDate: 1 } })) {
      if (isBlobHash(file.filename)) yield { hash: file.filename, storedAt: file.uploadDate.getTime() };
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
