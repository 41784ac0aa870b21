import { join } from 'node:path';
import { gridFsBlobStoreAdapter } from '../config/external-store-adapters';
import type { StorageConfig } from '../config/storage-config';
import type { BlobStore } from './blob-store.port';
import { FsBlobStore } from './fs-blob-store';

/** Opens the blob store beside the read store the configuration names: GridFS with MongoDB, files under DATA_DIR otherwise. */
export function openBlobStore(config: StorageConfig): BlobStore {
  if (config.readStore.kind === 'mongodb') return new (gridFsBlobStoreAdapter().GridFsBlobStore)({ url: config.readStore.url, dbName: config.readStore.dbName });
  return new FsBlobStore(join(config.dataDir, 'blobs'));
}
