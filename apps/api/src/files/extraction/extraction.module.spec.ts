import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { loadApiConfig } from '../../config/api-config';
import { CoreModule } from '../../infrastructure/core.module';
import { createLogger } from '../../common/logger';
import { ExtractionModule } from './extraction.module';
import { TEXT_EXTRACTOR, type TextExtractor } from './text-extractor.port';
import { WorkerPoolTextExtractor } from './worker-pool-text-extractor';

// Worker threads start in seconds on a busy machine; each test bounds its own waits.
jest.setTimeout(120_000);

describe('ExtractionModule', () => {
  it('provides the worker pool configured by FILE_EXTRACTION_* and closes it with the application', async () => {
    const config = loadApiConfig({ FILE_EXTRACTION_TIMEOUT_MS: '20000' });
    @Module({ imports: [CoreModule.register(config, createLogger('silent')), ExtractionModule] })
    class HostModule {}
    const app = await NestFactory.createApplicationContext(HostModule, { logger: false });
    const extractor = app.get<TextExtractor>(TEXT_EXTRACTOR);
    expect(extractor).toBeInstanceOf(WorkerPoolTextExtractor);
    expect(await extractor.extract(Buffer.from('# Title'), 'text/markdown')).toEqual({ ok: true, text: '# Title' });
    await app.close();
    expect(await extractor.extract(Buffer.from('late'), 'text/plain')).toEqual({ ok: false, reason: 'The extractor is shut down.' });
  });
});
