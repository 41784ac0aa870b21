import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream';
import { webResponseOf } from '../../common/http/web-response';
import { SseEventFilter } from './sse-event-filter';

/**
 * The `fetch` the model providers are given: node's http(s) client (keep-alive global agents) for
 * the requests they make, JSON bodies to an http(s) URL; anything else goes to the global `fetch`.
 *
 * Why: the global `fetch` hands the request to its socket only on a later turn of the event loop,
 * behind whatever the loop has queued meanwhile. Right after a user message is recorded, that is the
 * projection's commit and the rendering of the POST's answer: 1.5 to 3 ms added to the time to the
 * first token. Here the request is written in the turn that asks for it.
 *
 * It behaves as `fetch` where the AI SDK looks: a connection failure rejects with
 * `TypeError('fetch failed')` (which the SDK retries), an abort rejects with the signal's reason
 * and errors the body stream, redirects are returned as they are (model APIs do not redirect), and
 * no compression is asked for (streamed answers are not compressed).
 */
export const modelFetch: typeof fetch = (input, init) => send(input, init, null);

/**
 * modelFetch, with the server-sent events of the types in `ignored` left out of event-stream
 * answers (see SseEventFilter): for a provider whose SDK reads them only to discard them.
 */
export function modelFetchIgnoring(ignored: ReadonlySet<string>): typeof fetch {
  return (input, init) => send(input, init, ignored);
}

function send(input: Parameters<typeof fetch>[0], init: RequestInit | undefined, ignored: ReadonlySet<string> | null): Promise<Response> {
  const url = typeof input === 'string' ? safeUrl(input) : input instanceof URL ? input : null;
  const body = bodyBytes(init?.body);
  if (url === null || body === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fetch(input, init);
  const signal = init?.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  if (body !== null) headers['content-length'] = String(body.byteLength);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const sent = request(url, { method: init?.method ?? 'GET', headers }, (response) => resolve(responseOf(response, ignored)));
    sent.on('error', (error) => reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })));
    if (signal) abortWith(signal, sent);
    sent.end(body ?? undefined);
  });
}

/** The web Response for what came back; an event stream through the filter when some events are ignored. */
function responseOf(response: IncomingMessage, ignored: ReadonlySet<string> | null): Response {
  if (ignored === null || ignored.size === 0 || !response.headers['content-type']?.startsWith('text/event-stream')) return webResponseOf(response);
  // pipeline: an error or abort of either side destroys the other (the body stream then errors).
  return webResponseOf(response, pipeline(response, new SseEventFilter(ignored), () => undefined));
}

/**
 * Destroys the request (and its response, whose body stream then errors) when the signal aborts,
 * until the exchange is over. Rather than http's own `signal` option, whose wiring (an async
 * resource bound per request, stream end watchers) took about 0.3 ms per model request in the
 * time-to-first-token bench's CPU profile, on the way to the model.
 */
function abortWith(signal: AbortSignal, request: ClientRequest): void {
  const abort = (): void => void request.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
  signal.addEventListener('abort', abort, { once: true });
  request.once('close', () => signal.removeEventListener('abort', abort));
}

function safeUrl(text: string): URL | null {
  return URL.canParse(text) ? new URL(text) : null;
}

/** The body as bytes, null for none, undefined for a kind this fetch leaves to the global one (forms, streams). */
function bodyBytes(body: RequestInit['body']): Buffer | null | undefined {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return undefined;
}
