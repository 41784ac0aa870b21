/** How long work on the event loop runs before it lets other callbacks (requests, timers) run. */
export const DEFAULT_SLICE_MS = 8;

/**
 * Lets long work on the main thread give the event loop a turn every `sliceMs`: the work calls
 * `due()` between small steps and, when it is true, awaits `pause()`. The whole stays as fast as
 * one synchronous run, give or take the turns it leaves to others.
 */
export class TimeSlice {
  private startedAt = performance.now();

  constructor(private readonly sliceMs: number = DEFAULT_SLICE_MS) {}

  /** Whether the current slice has run its time. */
  due(): boolean {
    return performance.now() - this.startedAt >= this.sliceMs;
  }

  /** Resolves once the event loop has served what was waiting (I/O included), starting a new slice. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.startedAt = performance.now();
  }

  /** Pauses when the slice has run its time; resolves at once otherwise. */
  async pauseIfDue(): Promise<void> {
    if (this.due()) await this.pause();
  }
}
