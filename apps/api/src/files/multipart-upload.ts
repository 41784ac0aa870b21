import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ApiError } from '../common/http/api-error';

/** The one file part of a multipart upload, as a stream, with the type its part declared. */
export interface UploadedPart {
  readonly stream: Readable;
  readonly mimeType: string;
  /** Resolves when the whole request was read (or rejects on a malformed body). */
  readonly finished: Promise<void>;
}

const FILE_FIELD = 'file';

/** The Content-Encodings the JSON routes read (express.json inflates these), read here the same way. */
const DECODERS: Readonly<Record<string, () => Transform>> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress };
/** Room the multipart framing and the other fields may take beside the file once decoded. */
const FRAMING_BYTES = 1024 * 1024;
const UNDECODABLE = 'The request body could not be read as its Content-Type and Content-Encoding declare.';

/**
 * The body of a request as its Content-Encoding declares it, decoded like the JSON routes' bodies
 * (a compressed body was stored compressed before). Decoding stops past `maxBytes`: a small
 * compressed body may inflate to gigabytes, and the file's own cap only counts the file part.
 */
function decodedBody(request: IncomingMessage, maxBytes: number): Readable {
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return request;
  const decoder = Object.hasOwn(DECODERS, encoding) ? DECODERS[encoding]() : undefined;
  if (decoder === undefined) throw new ApiError('invalid_request_error', 'Unsupported body encoding.');
  let decodedBytes = 0;
  decoder.on('data', (chunk: Buffer) => {
    decodedBytes += chunk.length;
    if (decodedBytes > maxBytes) decoder.destroy(new ApiError('invalid_request_error', `The request body decodes to more than ${maxBytes} bytes.`));
  });
  // A client gone mid-body or bytes that do not decode end the decoder with an error, seen by the parser.
  pipeline(request, decoder, () => undefined);
  return decoder;
}

/**
 * Resolves with the part named `file` of a multipart request, as soon as its headers are read, so
 * its bytes stream on without being buffered. Other fields are ignored; a second file is refused.
 */
export function readUploadedPart(request: IncomingMessage, maxFileBytes: number): Promise<UploadedPart> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(new ApiError('invalid_request_error', 'The upload must be multipart/form-data with one part named "file".'));
  }
  let body: Readable;
  try {
    body = decodedBody(request, maxFileBytes + FRAMING_BYTES);
  } catch (error) {
    return Promise.reject(error);
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
      const failure =
        error instanceof ApiError ? error : new ApiError('invalid_request_error', `The multipart body could not be read: ${error instanceof Error ? error.message : 'unknown error'}.`);
      settleFinished?.reject(failure);
      if (!found) reject(failure);
    });
    parser.on('close', () => {
      settleFinished?.resolve();
      if (!found) reject(new ApiError('invalid_request_error', 'The upload has no part named "file".'));
    });
    if (body !== request) {
      body.on('error', (error: unknown) => parser.destroy(error instanceof ApiError ? error : new ApiError('invalid_request_error', UNDECODABLE)));
    }
    body.pipe(parser);
  });
}
