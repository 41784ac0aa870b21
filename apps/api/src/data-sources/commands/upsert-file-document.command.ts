import type { UpsertDocumentDto } from '@app/contracts/http/document.dto';
import type { FileDocumentArgsDto, UpsertFileDocumentDto } from '@app/contracts/http/file-document.dto';
import type { UpsertDocumentResponse } from '@app/contracts/http/data-source.types';
import { MAX_DOCUMENT_BYTES } from '@app/contracts/documents/section-shape';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { UpsertDocumentCommand } from './upsert-document.command';

/**
 * Upserts an uploaded file (use case `upsert_document`) as a document of a data source, from the
 * text its processing extracted: the document id is the file id unless `upsertArgs.document_id`
 * says otherwise, the title the file name, the MIME type the file's.
 */
export class UpsertFileDocumentCommand extends Command<UpsertDocumentResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly body: UpsertFileDocumentDto,
  ) {
    super();
  }
}

@CommandHandler(UpsertFileDocumentCommand)
export class UpsertFileDocumentHandler implements ICommandHandler<UpsertFileDocumentCommand> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly readModels: ReadModels,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute({ auth, target, body }: UpsertFileDocumentCommand): Promise<UpsertDocumentResponse> {
    requireDataSourceWriter(auth);
    const file = await this.readModels.get<FileDocument>('files', body.fileId);
    if (!file || file.workspaceId !== auth.workspace.sId) throw new ApiError('file_not_found', `The file "${body.fileId}" was not found.`);
    if (file.useCase !== 'upsert_document') {
      throw new ApiError('invalid_request_error', `The file "${file.sId}" was uploaded for ${file.useCase}, not upsert_document.`);
    }
    if (file.status !== 'ready' || file.processedHash === null) {
      throw new ApiError('invalid_request_error', `The file "${file.sId}" has no extracted text (status: ${file.status}).`);
    }
    const text = await this.textOf(file.processedHash);
    const { document_id: documentId, ...args }: Partial<FileDocumentArgsDto> = body.upsertArgs ?? {};
    const upsert: UpsertDocumentDto = { ...args, title: (args.title as string | null | undefined) ?? file.fileName, mime_type: (args.mime_type as string | null | undefined) ?? file.contentType, text };
    return this.commandBus.execute(new UpsertDocumentCommand(auth, target, documentId ?? file.sId, upsert)) as Promise<UpsertDocumentResponse>;
  }

  private async textOf(hash: string): Promise<string> {
    const stream = await this.blobs.get(hash);
    if (stream === null) throw new ApiError('file_not_found', 'The extracted text of the file is missing.');
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      const bytes = Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      if (size > MAX_DOCUMENT_BYTES) {
        stream.destroy();
        throw new ApiError('invalid_request_error', `The extracted text of the file is over the ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB of a document.`);
      }
      parts.push(bytes);
    }
    return Buffer.concat(parts).toString('utf8');
  }
}
