import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { TEXT_EXTRACTOR, type TextExtractor } from './text-extractor.port';
import { WorkerPoolTextExtractor } from './worker-pool-text-extractor';

/**
 * Provides the TEXT_EXTRACTOR the files feature uses to build a file's processed version: a pool of
 * worker threads, stopped when the application shuts down.
 */
@Module({
  providers: [
    {
      provide: TEXT_EXTRACTOR,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => new WorkerPoolTextExtractor(config.fileExtraction),
    },
  ],
  exports: [TEXT_EXTRACTOR],
})
export class ExtractionModule implements OnModuleDestroy {
  constructor(@Inject(TEXT_EXTRACTOR) private readonly extractor: TextExtractor) {}

  async onModuleDestroy(): Promise<void> {
    await this.extractor.close();
  }
}
