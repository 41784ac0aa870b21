import { BLOB_STORE, openBlobStore, type BlobStore } from '@app/storage';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

/** The blob store of file bytes, beside the read store the configuration names; closed at shutdown. */
@Global()
@Module({
  providers: [{ provide: BLOB_STORE, inject: [API_CONFIG], useFactory: (config: ApiConfig) => openBlobStore(config.storage) }],
  exports: [BLOB_STORE],
})
export class BlobStoreModule implements OnApplicationShutdown {
  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.blobs.close();
  }
}
