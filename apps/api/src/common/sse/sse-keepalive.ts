/** A connection the keepalive looks after. */
export interface KeepaliveTarget {
  /** The tick during which it last wrote anything (see SseKeepalive.tick). */
  lastWriteTick: number;
  /** Writes the keepalive comment. */
  ping(): void;
}

/** Ticks per period: a silent connection is pinged after between (TICKS - 1) / TICKS of the period and the whole period. */
const TICKS_PER_PERIOD = 20;

/**
 * The keepalive comments of every open SSE connection with one period: one interval for them all
 * rather than a timer per connection, and a comment only to a connection that wrote nothing lately.
 * It ticks TICKS_PER_PERIOD times per period; a connection that wrote nothing during the last
 * TICKS_PER_PERIOD - 1 ticks is pinged, so none is silent longer than the period, nor pinged much
 * sooner than a timer of its own would. A message followed by 10,000 listeners thus costs no timers
 * of its own, and no burst of 10,000 pings while its tokens are flowing.
 */
export class SseKeepalive {
  private static readonly byPeriod = new Map<number, SseKeepalive>();
  private readonly targets = new Set<KeepaliveTarget>();
  private timer: NodeJS.Timeout | undefined;
  /** Ticks so far; a write stamps its connection with it. */
  tick = 0;

  private constructor(private readonly periodMs: number) {}

  /** The keepalive of connections pinged at least every `periodMs`. */
  static every(periodMs: number): SseKeepalive {
    let keepalive = SseKeepalive.byPeriod.get(periodMs);
    if (keepalive === undefined) {
      keepalive = new SseKeepalive(periodMs);
      SseKeepalive.byPeriod.set(periodMs, keepalive);
    }
    return keepalive;
  }

  add(target: KeepaliveTarget): void {
    target.lastWriteTick = this.tick;
    this.targets.add(target);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.onTick(), Math.max(1, Math.floor(this.periodMs / TICKS_PER_PERIOD)));
      // The connections hold the process open, not their keepalive.
      this.timer.unref();
    }
  }

  delete(target: KeepaliveTarget): void {
    this.targets.delete(target);
    if (this.targets.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private onTick(): void {
    // A write stamped with tick t came after the tick that set t: by this one it is that many ticks old, at least.
    const stale = this.tick - (TICKS_PER_PERIOD - 1);
    this.tick += 1;
    for (const target of this.targets) {
      if (target.lastWriteTick <= stale) target.ping();
    }
  }
}
