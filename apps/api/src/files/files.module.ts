import { ProjectsModule } from '../projects/projects.module';
import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { DeleteFileHandler } from './commands/delete-file.command';
import { RequestFileUploadHandler } from './commands/request-file-upload.command';
import { UploadFileContentHandler } from './commands/upload-file-content.command';
import { ExtractionModule } from './extraction/extraction.module';
import { FileAccess } from './file-access';
import { FileContent } from './file-content';
import { FileProcessor } from './file-processor';
import { FileRecovery } from './file-recovery';
import { FilesController } from './files.controller';

/** Files: upload, processing (text extraction off the request path), reading, deletion, recovery at start-up. */
@Module({
  imports: [ExtractionModule, ConversationsModule, ProjectsModule],
  controllers: [FilesController],
  providers: [FileAccess, FileContent, FileProcessor, FileRecovery, RequestFileUploadHandler, UploadFileContentHandler, DeleteFileHandler],
  exports: [FileAccess],
})
export class FilesModule {}
