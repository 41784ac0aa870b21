import type { SseFrameBody } from '@app/contracts/http/agent-message-stream.types';
import { apiErrorOf } from '../api/api-error';

/** One event of a stream: the id to resume after, and its payload. */
export type StreamEvent<T> = SseFrameBody<T>;

/** What the page shows of a stream's connection. */
export type StreamConnection = 'connecting' | 'open' | 'reconnecting';

/** How a followed stream ended: its terminal event came, it had ended already, or the page stopped following. */
export type StreamOutcome = 'terminal' | 'ended' | 'aborted';

export interface FollowOptions<T> {
  /** The stream's path, without `lastEventId`. */
  readonly url: string;
  readonly signal: AbortSignal;
  /** The id of the last event applied, read at each (re)connection: the stream resumes after it. */
  lastEventId(): string | null;
  /** The events of one read from the network, in order, none already applied. */
  deliver(events: readonly StreamEvent<T>[]): void;
  /** Whether the stream ends after this event (the server then writes `data: done`). */
  isTerminal(data: T): boolean;
  /**
   * The server ended a connection with `data: done` and nothing after the resume point: the stream
   * may have ended before (a terminal event applied in another page), or the server's time limit cut
   * a quiet stream. Resolves true when it has ended (stop), false to reconnect.
   */
  hasEnded(): Promise<boolean>;
  onConnection?(state: StreamConnection): void;
  readonly fetch?: typeof fetch;
  /** Waits before a reconnection; tests pass their own clock. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Pauses before reconnecting after a failure, growing to the last one; a connection that delivered events resets it. */
export const RECONNECT_DELAYS_MS = [250, 1_000, 2_000, 5_000] as const;

/**
 * Follows a server-sent event stream of the api (unnamed `data:` lines of `{"eventId", "data"}`,
 * ended by `data: done`) until its terminal event, across the server's own time limits and network
 * cuts: each connection asks for the events after the last one applied (`?lastEventId=`), and an
 * event at or before it is never delivered twice. A refusal (4xx) is thrown as an ApiError; a 5xx,
 * a 429 or no answer is retried.
 */
export async function followEventStream<T>(options: FollowOptions<T>): Promise<StreamOutcome> {
  const { signal } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? abortableSleep;
  let failures = 0;
  for (let attempt = 0; !signal.aborted; attempt += 1) {
    options.onConnection?.(attempt === 0 ? 'connecting' : 'reconnecting');
    const after = options.lastEventId();
    let response: Response;
    try {
      response = await fetchImpl(withLastEventId(options.url, after), {
        headers: { accept: 'text/event-stream' },
        credentials: 'same-origin',
        cache: 'no-store',
        signal,
      });
    } catch {
      if (signal.aborted) break;
      await sleep(delayAfter(failures++), signal);
      continue;
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      if (response.status < 500 && response.status !== 429) throw apiErrorOf(response.status, parseJson(body));
      await sleep(delayAfter(failures++), signal);
      continue;
    }
    options.onConnection?.('open');
    const read = await readStream(response, options, after);
    if (read.end === 'terminal') return 'terminal';
    if (signal.aborted) break;
    if (read.delivered > 0) failures = 0;
    if (read.end === 'done' && read.delivered === 0) {
      if (await options.hasEnded()) return 'ended';
      await sleep(delayAfter(failures++), signal);
    } else if (read.end === 'cut') {
      await sleep(delayAfter(failures++), signal);
    }
  }
  return 'aborted';
}

interface ReadResult {
  /** `done`: the server ended the stream; `cut`: the connection ended without a word (network, server gone). */
  readonly end: 'terminal' | 'done' | 'cut';
  readonly delivered: number;
}

async function readStream<T>(response: Response, options: FollowOptions<T>, after: string | null): Promise<ReadResult> {
  if (response.body === null) return { end: 'cut', delivered: 0 };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let last = after;
  let delivered = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { end: 'cut', delivered };
      if (options.signal.aborted) return { end: 'cut', delivered };
      const batch: StreamEvent<T>[] = [];
      let end: ReadResult['end'] | null = null;
      for (const data of parser.push(decoder.decode(value, { stream: true }))) {
        if (data === 'done') {
          end = 'done';
          break;
        }
        const event = parseFrame<T>(data);
        if (event === null || !isAfter(event.eventId, last)) continue;
        batch.push(event);
        last = event.eventId;
        if (options.isTerminal(event.data)) {
          end = 'terminal';
          break;
        }
      }
      if (batch.length > 0) {
        options.deliver(batch);
        delivered += batch.length;
      }
      if (end !== null) return { end, delivered };
    }
  } catch {
    return { end: 'cut', delivered };
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** The stream's path asking for the events after `lastEventId` (none: from its start). */
export function withLastEventId(url: string, lastEventId: string | null): string {
  if (lastEventId === null) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}`;
}

/** Whether an event id comes after the resume point; ids are stream revisions, compared as numbers. */
export function isAfter(eventId: string, lastEventId: string | null): boolean {
  if (lastEventId === null) return true;
  const id = Number(eventId);
  const last = Number(lastEventId);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(last)) return eventId !== lastEventId;
  return id > last;
}

function parseFrame<T>(data: string): StreamEvent<T> | null {
  const parsed = parseJson(data);
  if (typeof parsed !== 'object' || parsed === null || !('eventId' in parsed) || !('data' in parsed)) return null;
  const { eventId } = parsed;
  if (typeof eventId !== 'string') return null;
  return { eventId, data: (parsed as { data: T }).data };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function delayAfter(failures: number): number {
  return RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      globalThis.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    // Back online: try at once rather than at the end of the pause.
    globalThis.addEventListener?.('online', done);
  });
}

/**
 * The text/event-stream format, as much of it as the api sends: lines ending in LF, CRLF or CR; a
 * blank line dispatches the event's `data` (its `data:` lines joined by LF); comments (`: ping`) and
 * other fields are skipped. `push` takes decoded text in any cut and answers the events it completes.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  /** The last chunk ended with CR: an LF opening the next one belongs to that line end. */
  private skipLeadingLf = false;

  push(text: string): string[] {
    let chunk = text;
    if (this.skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.skipLeadingLf = false;
    this.buffer += chunk;
    const events: string[] = [];
    let start = 0;
    for (let index = 0; index < this.buffer.length; index += 1) {
      const char = this.buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      this.line(this.buffer.slice(start, index), events);
      if (char === '\r') {
        if (index + 1 === this.buffer.length) this.skipLeadingLf = true;
        else if (this.buffer[index + 1] === '\n') index += 1;
      }
      start = index + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string, events: string[]): void {
    if (line === '') {
      if (this.data.length > 0) events.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    this.data.push(value.startsWith(' ') ? value.slice(1) : value);
  }
}
