import type { FileEnvelope } from '@app/contracts/http/file.types';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { BLOB_STORE, BlobTooLargeError, type BlobRef, type BlobStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IncomingMessage } from 'node:http';
import { FileAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { FileAccess } from '../file-access';
import { fileCategoryOf, MAX_FILE_BYTES, mediaTypeOf } from '@app/contracts/files/file-formats';
import { FileProcessor } from '../file-processor';
import { renderFile } from '../file-render';
import { SIGNATURE_BYTES, signatureProblem } from '../file-signature';
import { readUploadedPart, type UploadedPart } from '../multipart-upload';

/** How long a refused upload's remaining body is read before the answer goes out anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

/** Receives the content of a requested file (multipart, one part `file`), then processes it (reference §6.2). */
export class UploadFileContentCommand extends Command<FileEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly fileId: string,
    readonly request: IncomingMessage,
    /** Base of the URLs the answer hands out. */
    readonly baseUrl: string,
  ) {
    super();
  }
}

@CommandHandler(UploadFileContentCommand)
export class UploadFileContentHandler implements ICommandHandler<UploadFileContentCommand> {
  constructor(
    private readonly access: FileAccess,
    private readonly files: FileAggregateWriter,
    private readonly processor: FileProcessor,
    private readonly readModels: ReadModels,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute({ auth, fileId, request, baseUrl }: UploadFileContentCommand): Promise<FileEnvelope> {
    const file = await this.access.load(auth, fileId);
    this.access.requireWriter(auth, file);
    if (file.status !== 'created') throw new ApiError('invalid_request_error', 'The content of this file was already uploaded.');
    const cap = MAX_FILE_BYTES[fileCategoryOf(file.contentType) ?? 'document'];
    const part = await readUploadedPart(request, cap);
    let stored: BlobRef;
    try {
      stored = await this.receive(file, part);
    } catch (error) {
      part.stream.resume();
      await Promise.race([part.finished.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref())]);
      if (error instanceof ApiError && error.status === undefined && error.type !== 'internal_server_error') {
        // The upload was refused for what it held: the file ends failed, with the reason, not stuck in `created`.
        await this.files.run(fileId, { type: 'FailFileProcessing', reason: error.message }, auth);
      }
      throw error;
    }
    await this.files.run(fileId, { type: 'StoreFileContent', originalHash: stored.hash, byteSize: stored.size }, auth);
    const position = await this.processor.process({ sId: fileId, contentType: file.contentType, fileName: file.fileName, originalHash: stored.hash });
    if (position !== null) await this.readModels.waitFor(position);
    const doc = await this.readModels.get<FileDocument>('files', fileId);
    if (!doc) throw new ApiError('file_not_found', 'File not found.');
    return { file: renderFile(doc, baseUrl) };
  }

  /** Streams the part into the blob store, checking its type, size and first bytes on the way. */
  private async receive(file: FileDocument, part: UploadedPart): Promise<BlobRef> {
    const declared = mediaTypeOf(file.contentType);
    const sent = mediaTypeOf(part.mimeType);
    if (sent !== declared) {
      throw new ApiError('file_type_not_supported', `The uploaded part is ${sent || 'untyped'}, but the file was declared as ${declared}.`);
    }
    let stored: BlobRef;
    try {
      // Leaving the loop early must not destroy the part: the rest of the body is drained before answering.
      const bytes = part.stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
      stored = await this.blobs.put(checkedHead(bytes, declared), { maxBytes: file.fileSize });
    } catch (error) {
      if (error instanceof BlobTooLargeError) {
        throw new ApiError('file_too_large', `The uploaded file is larger than the ${file.fileSize} bytes declared.`);
      }
      if (error instanceof ApiError) throw error;
      // A part cut short (a truncated or malformed body) ends the parser with the client's error.
      throw (await part.finished.then(() => null, (failure: unknown) => failure)) ?? error;
    }
    // The rest of the body must be well formed and hold no second file.
    await part.finished;
    if (stored.size === 0) throw new ApiError('file_is_empty', 'The uploaded file is empty.');
    return stored;
  }
}

/** The bytes of `stream`, refused (400) when their first bytes do not fit the declared binary format. */
async function* checkedHead(stream: AsyncIterable<Uint8Array>, contentType: string): AsyncIterable<Uint8Array> {
  let head: Buffer = Buffer.alloc(0);
  let checked = false;
  for await (const chunk of stream) {
    if (!checked) {
      head = Buffer.concat([head, Buffer.from(chunk)]);
      if (head.length < SIGNATURE_BYTES) continue;
      checked = true;
      const problem = signatureProblem(contentType, head);
      if (problem) throw new ApiError('file_type_not_supported', problem);
      yield head;
      continue;
    }
    yield chunk;
  }
  if (!checked && head.length > 0) {
    const problem = signatureProblem(contentType, head);
    if (problem) throw new ApiError('file_type_not_supported', problem);
    yield head;
  }
}
