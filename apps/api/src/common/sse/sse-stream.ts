import type { EventSubscription, RecordedEvent } from '@app/storage';
import type { Request, Response } from 'express';
import { ApiError } from '../http/api-error';
import { SseConnection, type SseConnectionOptions } from './sse-connection';
import { encodeSseFrame, type EncodedSseFrame, type SseFrame } from './sse-frame';

export type { SseFrame } from './sse-frame';

/**
 * Encoded frames, computed once: a frame shared by many listeners of one stream is serialized once
 * rather than once per connection.
 */
const encoded = new WeakMap<SseFrame, EncodedSseFrame>();

function encodedFrameOf(frame: SseFrame): EncodedSseFrame {
  let bytes = encoded.get(frame);
  if (bytes === undefined) {
    bytes = encodeSseFrame(frame);
    encoded.set(frame, bytes);
  }
  return bytes;
}

export type SseStreamOptions = SseConnectionOptions;

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
  toFrames: (event: RecordedEvent) => SseFrame[] | Promise<SseFrame[]>,
  options: SseStreamOptions = {},
): Promise<void> {
  const connection = new SseConnection(request, response, options, () => void subscription.close());
  try {
    for await (const event of subscription) {
      if (connection.isClosed) break;
      for (const frame of await toFrames(event)) {
        const ready = connection.send(encodedFrameOf(frame));
        if (connection.isClosed) return;
        if (!ready) await new Promise<void>((resolve) => connection.whenDrained(resolve));
      }
      connection.eventSeen();
    }
  } catch {
    // The store failed mid-stream: end the response; the client resumes from its last event id.
  } finally {
    connection.close(false);
  }
}
