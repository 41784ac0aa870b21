import { SseKeepalive, type KeepaliveTarget } from './sse-keepalive';

/** A connection that counts its pings and can write when told. */
function target(keepalive: SseKeepalive): KeepaliveTarget & { pings: number[]; write(): void } {
  const t = {
    lastWriteTick: 0,
    pings: [] as number[],
    ping(): void {
      t.pings.push(Date.now());
      t.write();
    },
    write(): void {
      t.lastWriteTick = keepalive.tick;
    },
  };
  return t;
}

describe('SseKeepalive', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('pings a silent connection at least once per period, and never one that keeps writing', () => {
    const keepalive = SseKeepalive.every(1_000);
    const silent = target(keepalive);
    const busy = target(keepalive);
    keepalive.add(silent);
    keepalive.add(busy);
    for (let ms = 0; ms < 5_000; ms += 50) {
      busy.write();
      jest.advanceTimersByTime(50);
    }
    expect(busy.pings).toEqual([]);
    expect(silent.pings.length).toBeGreaterThanOrEqual(4);
    const gaps = silent.pings.map((at, i) => at - (silent.pings[i - 1] ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1_000);
    keepalive.delete(silent);
    keepalive.delete(busy);
  });

  it('pings a connection that went quiet after most of a period of silence, and no later than the whole period', () => {
    const keepalive = SseKeepalive.every(1_000);
    const quiet = target(keepalive);
    keepalive.add(quiet);
    jest.advanceTimersByTime(510);
    quiet.write();
    jest.advanceTimersByTime(949);
    expect(quiet.pings).toEqual([]);
    jest.advanceTimersByTime(51);
    // Ticks every 50 ms: the first at which the write is 19 ticks old.
    expect(quiet.pings).toEqual([1_500]);
    keepalive.delete(quiet);
  });

  it('keeps one timer for all its connections, and none once they are gone', () => {
    const keepalive = SseKeepalive.every(2_000);
    const before = jest.getTimerCount();
    const targets = Array.from({ length: 100 }, () => target(keepalive));
    for (const t of targets) keepalive.add(t);
    expect(jest.getTimerCount()).toBe(before + 1);
    for (const t of targets) keepalive.delete(t);
    expect(jest.getTimerCount()).toBe(before);
  });
});
