import { Module } from '@nestjs/common';
import { TEXT_EXTRACTOR } from './text-extractor.port';
import { Utf8TextExtractor } from './utf8-text-extractor';

/** Provides the TEXT_EXTRACTOR the files feature uses to build a file's processed version. */
@Module({
  providers: [{ provide: TEXT_EXTRACTOR, useFactory: () => new Utf8TextExtractor() }],
  exports: [TEXT_EXTRACTOR],
})
export class ExtractionModule {}
