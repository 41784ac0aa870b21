import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../common/http/api-error';

export type FileVersion = 'original' | 'processed';

/** The bytes of one version of a file and how to label them. */
export interface FileVersionContent {
  readonly hash: string;
  readonly contentType: string;
  readonly fileName: string;
}

/** `version` as the real service reads it: `processed`, or else the original. */
export function fileVersionOf(raw: unknown): FileVersion {
  return raw === 'processed' ? 'processed' : 'original';
}

/** Serves the bytes of a file's versions from the blob store. */
@Injectable()
export class FileContent {
  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  /**
   * Which blob a version is. Files kept as they are (images) have no processed version: their
   * original stands in, as it is what an agent reads too.
   */
  versionOf(doc: FileDocument, version: FileVersion): FileVersionContent {
    if (doc.status !== 'ready') throw new ApiError('file_not_found', `The file is not ready (status: ${doc.status === 'processing' ? 'created' : doc.status}).`);
    if (version === 'processed' && doc.processedHash !== null) {
      return { hash: doc.processedHash, contentType: 'text/plain; charset=utf-8', fileName: `${doc.fileName}.txt` };
    }
    if (doc.originalHash === null) throw new ApiError('file_not_found', 'File not found.');
    return { hash: doc.originalHash, contentType: doc.contentType, fileName: doc.fileName };
  }

  /** Streams a version to the response; `attachment` makes browsers save it rather than show it. */
  async send(response: Response, content: FileVersionContent, disposition: 'inline' | 'attachment'): Promise<void> {
    const stream = await this.blobs.get(content.hash);
    if (stream === null) throw new ApiError('file_not_found', 'The content of the file is missing.');
    response.status(200);
    response.setHeader('Content-Type', content.contentType);
    response.setHeader('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(content.fileName)}`);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Whatever a file holds, it never runs as a page of this origin.
    response.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
    stream.on('error', () => response.destroy());
    stream.pipe(response);
    await new Promise<void>((resolve) => response.on('close', resolve));
  }
}
