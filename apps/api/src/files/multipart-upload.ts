import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { ApiError } from '../common/http/api-error';

/** The one file part of a multipart upload, as a stream, with the type its part declared. */
export interface UploadedPart {
  readonly stream: Readable;
  readonly mimeType: string;
  /** Resolves when the whole request was read (or rejects on a malformed body). */
  readonly finished: Promise<void>;
}

const FILE_FIELD = 'file';

/**
 * Resolves with the part named `file` of a multipart request, as soon as its headers are read, so
 * its bytes stream on without being buffered. Other fields are ignored; a second file is refused.
 */
export function readUploadedPart(request: IncomingMessage, maxFileBytes: number): Promise<UploadedPart> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(new ApiError('invalid_request_error', 'The upload must be multipart/form-data with one part named "file".'));
  }
  return new Promise<UploadedPart>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // One byte past the cap lets the blob store see, and refuse, a part larger than allowed.
      parser = busboy({ headers: request.headers, limits: { files: 1, fileSize: maxFileBytes + 1, fields: 20, parts: 30 } });
    } catch {
      reject(new ApiError('invalid_request_error', 'The multipart body could not be read.'));
      return;
    }
    let found = false;
    let settleFinished: { resolve: () => void; reject: (error: unknown) => void } | undefined;
    const finished = new Promise<void>((res, rej) => {
      settleFinished = { resolve: res, reject: rej };
    });
    finished.catch(() => undefined);
    parser.on('file', (name, stream, info) => {
      if (name !== FILE_FIELD || found) {
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      found = true;
      // A body cut short errors the part as well as the parser: the reader of the part and
      // `finished` see it; without a listener of its own, a late one would crash the process.
      stream.on('error', () => undefined);
      resolve({ stream, mimeType: info.mimeType, finished });
    });
    parser.on('filesLimit', () => settleFinished?.reject(new ApiError('invalid_request_error', 'Only one file may be uploaded at a time.')));
    parser.on('error', (error: unknown) => {
      const failure = new ApiError('invalid_request_error', `The multipart body could not be read: ${error instanceof Error ? error.message : 'unknown error'}.`);
      settleFinished?.reject(failure);
      if (!found) reject(failure);
    });
    parser.on('close', () => {
      settleFinished?.resolve();
      if (!found) reject(new ApiError('invalid_request_error', 'The upload has no part named "file".'));
    });
    request.pipe(parser);
  });
}
