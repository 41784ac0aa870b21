import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { FileCommand } from '@app/domain/file/file.commands';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CommandInput } from '../event-sourcing/writing/aggregate-writer';
import { FileAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { ApiError } from '../common/http/api-error';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { LOGGER } from '../common/logger';
import { BoundedQueue, QueueFullError } from './bounded-queue';
import { TEXT_EXTRACTOR, type TextExtractor } from './extraction/text-extractor.port';
import { isStoredAsIs } from '@app/contracts/files/file-formats';

/** Characters of a file's text shown as its snippet. */
export const SNIPPET_CHARS = 256;
const SYSTEM_ACTOR = 'system';

/** What processing needs of a file whose bytes are stored. */
export type StoredFile = Pick<FileDocument, 'sId' | 'contentType' | 'originalHash' | 'fileName'>;

/**
 * Builds a file's processed version off the request path: at most FILE_PROCESSING_CONCURRENCY
 * files at a time, the text extracted by the TEXT_EXTRACTOR and stored as a blob, the outcome
 * recorded as FileProcessed or FileProcessingFailed. Every path ends in one of the two, so a file
 * never stays in processing while its process lives; after a crash the recovery runs it again.
 */
@Injectable()
export class FileProcessor {
  private readonly queue: BoundedQueue;

  constructor(
    @Inject(TEXT_EXTRACTOR) private readonly extractor: TextExtractor,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(API_CONFIG) config: ApiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly files: FileAggregateWriter,
  ) {
    this.queue = new BoundedQueue(config.files.processingConcurrency, config.files.processingQueueLimit);
  }

  /** Processes a file and records the outcome; resolves with the position of the outcome's event. */
  async process(file: StoredFile): Promise<number | null> {
    try {
      return await this.queue.run(() => this.processNow(file));
    } catch (error) {
      if (error instanceof QueueFullError) {
        await this.fail(file.sId, 'The server is busy processing other files; upload the file again later.');
        throw new ApiError('service_unavailable', 'Too many files are being processed; try again later.');
      }
      throw error;
    }
  }

  private async processNow(file: StoredFile): Promise<number | null> {
    try {
      if (file.originalHash === null) return await this.fail(file.sId, 'The file has no content.');
      if (isStoredAsIs(file.contentType)) {
        return await this.record(file.sId, { type: 'CompleteFileProcessing', processedHash: null, processedBytes: null, snippet: null });
      }
      const bytes = await this.read(file.originalHash);
      if (bytes === null) return await this.fail(file.sId, 'The content of the file is missing.');
      const result = await this.extractor.extract(bytes, file.contentType, file.fileName);
      if (!result.ok) return await this.fail(file.sId, result.reason);
      const text = Buffer.from(result.text, 'utf8');
      const stored = await this.blobs.put(chunks(text));
      return await this.record(file.sId, {
        type: 'CompleteFileProcessing',
        processedHash: stored.hash,
        processedBytes: stored.size,
        snippet: result.text.slice(0, SNIPPET_CHARS),
      });
    } catch (error) {
      this.logger.error({ err: error, fileId: file.sId }, 'file processing failed');
      return this.fail(file.sId, 'The file could not be processed.');
    }
  }

  private fail(fileId: string, reason: string): Promise<number | null> {
    return this.record(fileId, { type: 'FailFileProcessing', reason });
  }

  /** Records the outcome on the file's stream; the position of its event (null: no change). */
  private async record(fileId: string, command: CommandInput<FileCommand>): Promise<number | null> {
    return (await this.files.run(fileId, command, SYSTEM_ACTOR)).position;
  }

  private async read(hash: string): Promise<Uint8Array | null> {
    const stream = await this.blobs.get(hash);
    if (stream === null) return null;
    const parts: Buffer[] = [];
    for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(parts);
  }
}

/** Bytes as the blob store takes them. */
export async function* chunks(bytes: Uint8Array, size = 256 * 1024): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}
