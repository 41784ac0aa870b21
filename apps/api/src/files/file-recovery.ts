import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { BLOB_STORE, EVENT_STORE, sweepOrphanBlobs, type BlobStore, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { StartUpRecovery } from '../event-sourcing/following/start-up-recovery';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { LOGGER } from '../common/logger';
import { FileProcessor } from './file-processor';

/**
 * At start-up, once the read models have caught up with the log: files whose processing a previous
 * process left unfinished are processed again (the decider makes a repeat harmless), then blobs no
 * file references any more (deleted files, uploads cut short by a crash) are removed.
 */
@Injectable()
export class FileRecovery extends StartUpRecovery {
  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(LOGGER) logger: Logger,
    readModels: ReadModels,
    private readonly processor: FileProcessor,
  ) {
    super(eventStore, readModels, logger.child({ component: 'file-recovery' }));
  }

  protected async recover(): Promise<void> {
    const unfinished = await this.readModels.find<FileDocument>('files', { where: { status: 'processing' } });
    for (const file of unfinished) await this.processor.process(file).catch(() => undefined);
    if (unfinished.length > 0) this.log.info({ files: unfinished.length }, 'processed files a previous process left unfinished');

    const referenced = new Set<string>();
    for (const file of await this.readModels.find<FileDocument>('files', {})) {
      if (file.originalHash) referenced.add(file.originalHash);
      if (file.processedHash) referenced.add(file.processedHash);
    }
    const removed = await sweepOrphanBlobs(this.blobs, (hash) => referenced.has(hash), {
      now: Date.now(),
      graceMs: this.config.files.orphanGraceSeconds * 1000,
    });
    if (removed > 0) this.log.info({ blobs: removed }, 'removed blobs no file references');
  }
}
