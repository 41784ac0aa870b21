import type { EventSubscription, RecordedEvent } from '@app/storage';
import type { Request, Response } from 'express';
import { ApiError } from '../http/api-error';

/** One frame to send: the id a client resumes from, and the payload. */
export interface SseFrame {
  readonly eventId: string;
  readonly data: object;
  /** The stream ends after this frame (`data: done`, then close). */
  readonly terminal?: boolean;
}

/**
 * Wire text of each frame, computed once: a frame shared by many listeners of one stream (see
 * RunStreamHub) is serialized once rather than once per connection.
 */
const wireText = new WeakMap<SseFrame, string>();

function wireTextOf(frame: SseFrame): string {
  let text = wireText.get(frame);
  if (text === undefined) {
    text = `data: ${JSON.stringify({ eventId: frame.eventId, data: frame.data })}\n\n`;
    wireText.set(frame, text);
  }
  return text;
}

export interface SseStreamOptions {
  /** Comment line (`: ping`) interval; the official client's polyfill gives up after 45 s of silence. */
  readonly keepaliveMs?: number;
  /** Close after this long without an event (the real conversation stream: 3 minutes). */
  readonly idleTimeoutMs?: number;
  /** Close after this long in total, whatever happens. */
  readonly maxDurationMs?: number;
  /** Write `data: done` before closing on a timeout, as the real message stream does. */
  readonly doneOnClose?: boolean;
  /** Counts this stream among the open ones while it lasts (a metrics gauge). */
  readonly openStreams?: { inc(): void; dec(): void };
}

/**
 * The position a client resumes after, unparsed: `?lastEventId=` first, then the standard
 * `Last-Event-ID` header; empty when neither is given.
 */
export function rawLastEventId(request: Request): string {
  const fromQuery = request.query.lastEventId;
  const fromHeader = request.headers['last-event-id'];
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : typeof fromHeader === 'string' ? fromHeader : '';
}

/** Our event ids are stream revisions, so anything but a non-negative integer is a 400. */
export function parseLastEventId(raw: string): number | null {
  if (raw === '') return null;
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError('invalid_request_error', 'Invalid query parameters: lastEventId must be an event id from this stream.');
  return Number(raw);
}

/**
 * Serves a server-sent event stream from an event-store subscription: unnamed `data:` frames of
 * `{"eventId", "data"}` (the framing the official client parses), keepalive comments, and a clean
 * end on disconnect, timeout or terminal event. Stored events come first, then live ones, so a
 * client resuming from an id sees every later event exactly once.
 */
export async function serveSse(
  request: Request,
  response: Response,
  subscription: EventSubscription,
  toFrames: (event: RecordedEvent) => SseFrame[],
  options: SseStreamOptions = {},
): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'text/event-stream');
  response.setHeader('Cache-Control', 'no-cache, no-transform');
  response.setHeader('Connection', 'keep-alive');
  response.setHeader('X-Accel-Buffering', 'no');
  response.flushHeaders();
  response.socket?.setNoDelay(true);
  options.openStreams?.inc();

  let closed = false;
  const close = (writeDone: boolean): void => {
    if (closed) return;
    closed = true;
    options.openStreams?.dec();
    clearInterval(keepalive);
    clearTimeout(idleTimer);
    clearTimeout(maxTimer);
    if (writeDone && !response.writableEnded) response.write('data: done\n\n');
    if (!response.writableEnded) response.end();
    void subscription.close();
  };
  const keepalive = setInterval(() => response.write(': ping\n\n'), options.keepaliveMs ?? 15_000);
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdle = (): void => {
    if (options.idleTimeoutMs === undefined) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => close(options.doneOnClose ?? false), options.idleTimeoutMs);
  };
  armIdle();
  const maxTimer = options.maxDurationMs === undefined ? undefined : setTimeout(() => close(options.doneOnClose ?? false), options.maxDurationMs);
  request.on('close', () => close(false));

  try {
    for await (const event of subscription) {
      if (closed) break;
      for (const frame of toFrames(event)) {
        response.write(wireTextOf(frame));
        if (frame.terminal === true) {
          close(true);
          return;
        }
      }
      armIdle();
    }
  } catch {
    // The store failed mid-stream: end the response; the client resumes from its last event id.
  } finally {
    close(false);
  }
}
