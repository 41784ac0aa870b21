import { Global, Module } from '@nestjs/common';
import { FILE_COPIER } from '../conversations/forking/file-copier.port';
import { BlobSharingFileCopier } from './file-copier';

/** Provides forks with the files feature's FileCopier (global: ConversationsModule cannot import FilesModule, which imports it). */
@Global()
@Module({
  providers: [{ provide: FILE_COPIER, useClass: BlobSharingFileCopier }],
  exports: [FILE_COPIER],
})
export class FileCopierModule {}
