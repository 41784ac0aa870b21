import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/** Statuses whose response has no body (a `Response` refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A web `Response` for what node's http client received: every header value kept (repeated ones
 * appended), and `body` (the message itself, or a stream derived from it) as the response body.
 */
export function webResponseOf(message: IncomingMessage, body: Readable = message): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const status = message.statusCode ?? 502;
  if (NULL_BODY_STATUSES.has(status)) {
    message.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, statusText: message.statusMessage, headers });
}
