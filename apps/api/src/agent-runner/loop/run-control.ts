import type { AgentLoopError } from './agent-loop.types';

/** Why a run stopped early; the first reason recorded wins. */
export type StopReason = { readonly kind: 'cancelled' } | { readonly kind: 'failed'; readonly error: AgentLoopError };

/** Marker returned by `race` when the run stopped before the raced promise settled. */
export const STOPPED: unique symbol = Symbol('stopped');

/**
 * Owns how a run ends early: the caller's cancel signal, the whole-run timeout, the idle watchdog,
 * and failures reported from inside (tools). Stopping aborts `signal`, which the model request and
 * tool calls carry, and settles `race` at once, so the loop never waits on a hung socket.
 */
export class RunControl {
  private readonly controller = new AbortController();
  private reason: StopReason | undefined;
  private readonly stoppedPromise: Promise<typeof STOPPED>;
  private resolveStopped: (value: typeof STOPPED) => void = () => undefined;
  private totalTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** When the model last sent something (Date.now()). */
  private lastActiveAt = 0;
  private activeTools = 0;
  private readonly onCallerAbort = (): void => this.stop({ kind: 'cancelled' });

  constructor(
    private readonly callerSignal: AbortSignal,
    timeoutMs: number | undefined,
    private readonly idleTimeoutMs: number | undefined,
  ) {
    this.stoppedPromise = new Promise((resolve) => (this.resolveStopped = resolve));
    callerSignal.addEventListener('abort', this.onCallerAbort, { once: true });
    if (callerSignal.aborted) this.onCallerAbort();
    if (timeoutMs !== undefined) {
      this.totalTimer = setTimeout(
        () =>
          this.fail({
            code: 'model_timeout',
            message: `The agent run did not finish within ${timeoutMs} ms.`,
            metadata: { timeoutMs },
          }),
        timeoutMs,
      );
    }
  }

  /** Aborted when the run stops for any reason. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopReason(): StopReason | undefined {
    return this.reason;
  }

  /** Records a failure (unless the run already stopped) and stops the run. */
  fail(error: AgentLoopError): void {
    this.stop({ kind: 'failed', error });
  }

  /** Settles with the promise, or with STOPPED as soon as the run stops. */
  race<T>(promise: Promise<T>): Promise<T | typeof STOPPED> {
    // The losing promise may still reject (its stream was cancelled); that rejection means nothing.
    promise.catch(() => undefined);
    return Promise.race([promise, this.stoppedPromise]);
  }

  /**
   * Starts, or restarts, the idle window: called when the model request starts and on every chunk.
   * A chunk only notes the time; the one timer, when it fires, waits on for what is left of the
   * window since the last chunk. Clearing and setting a timer on every chunk cost about 0.3 ms per
   * run in timer-list work (CPU profile of the time-to-first-token bench), on the way to the first token.
   */
  touch(): void {
    if (this.idleTimeoutMs === undefined || this.reason !== undefined) return;
    this.lastActiveAt = Date.now();
    this.idleTimer ??= this.idleWatch(this.idleTimeoutMs, this.idleTimeoutMs);
  }

  private idleWatch(idleTimeoutMs: number, waitMs: number): NodeJS.Timeout {
    return setTimeout(() => {
      this.idleTimer = undefined;
      if (this.reason !== undefined) return;
      // Time spent in tools is not the model being silent.
      if (this.activeTools > 0) return this.touch();
      const quietMs = Date.now() - this.lastActiveAt;
      if (quietMs < idleTimeoutMs) {
        this.idleTimer = this.idleWatch(idleTimeoutMs, idleTimeoutMs - quietMs);
        return;
      }
      this.fail({
        code: 'model_timeout',
        message: `The model sent nothing for ${idleTimeoutMs} ms.`,
        metadata: { idleTimeoutMs },
      });
    }, waitMs);
  }

  toolStarted(): void {
    this.activeTools += 1;
  }

  toolEnded(): void {
    this.activeTools -= 1;
    this.touch();
  }

  /** Stops timers and listeners, and aborts whatever is still in flight (a stream being cancelled). */
  dispose(): void {
    clearTimeout(this.totalTimer);
    clearTimeout(this.idleTimer);
    this.callerSignal.removeEventListener('abort', this.onCallerAbort);
    if (!this.controller.signal.aborted) this.controller.abort();
  }

  private stop(reason: StopReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    clearTimeout(this.totalTimer);
    clearTimeout(this.idleTimer);
    this.controller.abort(reason.kind === 'cancelled' ? this.callerSignal.reason : new Error(reason.error.message));
    this.resolveStopped(STOPPED);
  }
}
