import type { IncomingMessage, ServerResponse } from 'node:http';
import { DONE_FRAME, KEEPALIVE_FRAME, type EncodedSseFrame } from './sse-frame';
import { SseKeepalive, type KeepaliveTarget } from './sse-keepalive';

export interface SseConnectionOptions {
  /** Longest silence before a comment line (`: ping`); the official client's polyfill gives up after 45 s of silence. */
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
 * One open server-sent event response: headers, keepalive comments, idle and total time limits, and
 * a single clean end (disconnect, timeout or terminal frame). Frames arrive already encoded, so a
 * frame many listeners share costs one socket write each and nothing else.
 */
export class SseConnection implements KeepaliveTarget {
  private closed = false;
  private readonly keepalive: SseKeepalive;
  lastWriteTick = 0;
  private readonly maxTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private drainWaiter: (() => void) | undefined;

  constructor(
    request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly options: SseConnectionOptions,
    /** Called once when the connection ends, whatever ended it. */
    private readonly onClose: () => void,
  ) {
    response.statusCode = 200;
    response.setHeader('Content-Type', 'text/event-stream');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    response.socket?.setNoDelay(true);
    options.openStreams?.inc();
    this.keepalive = SseKeepalive.every(options.keepaliveMs ?? 15_000);
    this.keepalive.add(this);
    this.maxTimer = options.maxDurationMs === undefined ? undefined : setTimeout(() => this.close(this.doneOnClose), options.maxDurationMs);
    this.eventSeen();
    request.on('close', () => this.close(false));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Writes a frame, and ends the stream after a terminal one. False when the client is behind (the
   * socket holds more than its high-water mark): send nothing more until `whenDrained` calls back,
   * so a slow client costs a bounded buffer and never holds up the others.
   */
  send(frame: EncodedSseFrame): boolean {
    if (this.closed) return false;
    // The terminal frame, `data: done` and the body's last chunk leave in one socket write: `end()`
    // uncorks. Three writes each cost a message's 10,000 listeners a syscall apiece at its end.
    if (frame.terminal) this.response.socket?.cork();
    const ready = this.write(frame);
    if (frame.terminal) this.close(true);
    return ready && !this.closed;
  }

  /** The keepalive comment, when the connection wrote nothing for a while (see SseKeepalive). */
  ping(): void {
    this.write(KEEPALIVE_FRAME);
  }

  /** Restarts the idle time limit (an event came, framed or not). */
  eventSeen(): void {
    // After close: a late event must not start a timer that nothing clears (it held a process 5 min).
    if (this.closed || this.options.idleTimeoutMs === undefined) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(this.doneOnClose), this.options.idleTimeoutMs);
  }

  /** Calls back once the client caught up after `send` answered false (or the connection closed). */
  whenDrained(callback: () => void): void {
    if (this.closed) return callback();
    const emitter = this.response.socket ?? this.response;
    const waiter = (): void => {
      emitter.off('drain', waiter);
      this.drainWaiter = undefined;
      callback();
    };
    this.drainWaiter = waiter;
    emitter.on('drain', waiter);
  }

  /** Ends the response (after `data: done` when asked); later calls do nothing. */
  close(writeDone: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.options.openStreams?.dec();
    this.keepalive.delete(this);
    clearTimeout(this.idleTimer);
    clearTimeout(this.maxTimer);
    if (!this.response.writableEnded) {
      // `data: done` and the body's last chunk leave in one write, with a frame held before them: `end()` uncorks.
      this.response.socket?.cork();
      if (writeDone) this.write(DONE_FRAME);
      this.response.end();
    }
    this.drainWaiter?.();
    this.onClose();
  }

  private get doneOnClose(): boolean {
    return this.options.doneOnClose ?? false;
  }

  /**
   * Once the headers are out on a chunked response, a frame goes to the socket as one ready-made
   * chunk: one write of one shared Buffer, without the response's per-write chunk framing (four
   * buffers in a writev), cork and next-tick uncork, which 1,000 listeners pay on every frame. The
   * response still ends the body (`0\r\n\r\n`) as usual.
   */
  private write(frame: EncodedSseFrame): boolean {
    this.lastWriteTick = this.keepalive.tick;
    const socket = this.response.socket;
    if (socket !== null && this.response.headersSent && this.response.chunkedEncoding && !this.response.writableEnded) return socket.write(frame.chunk);
    return this.response.write(frame.bytes);
  }
}
