import type { ErrorEnvelope, ErrorType } from '@app/contracts/errors';
import type { Server } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

interface ParserRefusal {
  readonly status: number;
  readonly reason: string;
  readonly type: ErrorType;
  readonly message: string;
}

// Node's own answers to what its HTTP parser refuses, as it gives them, with a body.
const REFUSALS: Readonly<Record<string, ParserRefusal>> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', type: 'invalid_request_error', message: 'The request line and headers are too large.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', type: 'content_too_large', message: 'The request body is too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', type: 'invalid_request_error', message: 'The request did not arrive in time.' },
};

/** How long a refused connection may keep sending before it is cut. */
const DRAIN_MS = 2_000;

const MALFORMED: ParserRefusal = { status: 400, reason: 'Bad Request', type: 'invalid_request_error', message: 'The request is not valid HTTP.' };

/**
 * Requests Node's HTTP parser refuses before any route sees them (a URL or headers past its size
 * limit, a malformed request line) get the error envelope too, not a bare status line. Like Node's
 * default, nothing is written once a response has started on the connection.
 */
export function answerParserErrorsInEnvelope(server: Server): void {
  server.on('clientError', (error: Error, socket: Duplex) => {
    const started = socket instanceof Socket && socket.bytesWritten > 0;
    if (!socket.writable || started) {
      socket.destroy();
      return;
    }
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    const refusal = Object.hasOwn(REFUSALS, code) ? REFUSALS[code] : MALFORMED;
    const body = JSON.stringify({ error: { type: refusal.type, message: refusal.message } } satisfies ErrorEnvelope);
    // Read and drop what the client is still sending (the rest of an oversized URL): a socket closed
    // with unread data answers with a reset, which can discard the response before the client reads it.
    socket.on('data', () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
