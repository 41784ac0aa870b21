import { RecentEventRows } from './recent-event-rows';
import type { EventRow } from './sqlite-event-schema';

/** A row of the given position, with `size` characters of data. */
const row = (position: number, size = 2): EventRow => [position, `e${position}`, 's', position, 'T', 'x'.repeat(size), '', 0];
const positions = (rows: readonly EventRow[] | undefined): number[] | undefined => rows?.map((r) => Number(r[0]));

/** Reads a range of a log whose rows are at `present` positions, recording each read. */
function log(present: number[]) {
  const reads: Array<[number, number]> = [];
  return {
    reads,
    read: (from: number, to: number) => {
      reads.push([from, to]);
      return present.filter((p) => p > from && p <= to).map((p) => row(p));
    },
  };
}

describe('RecentEventRows', () => {
  it('reads each range once and answers reads after any position it covers', () => {
    const source = log([11, 12, 13, 15]);
    const recent = new RecentEventRows({ rows: 100, chars: 1_000 }, 10);
    recent.advance(13, source.read);
    recent.advance(15, source.read);
    expect(source.reads).toEqual([
      [10, 13],
      [13, 15],
    ]);
    expect(recent.head).toBe(15);
    expect(positions(recent.after(10, -1))).toEqual([11, 12, 13, 15]);
    // A gap in positions is covered too: the range was read whole.
    expect(positions(recent.after(13, -1))).toEqual([15]);
    expect(positions(recent.after(14, -1))).toEqual([15]);
    expect(positions(recent.after(11, 2))).toEqual([12, 13]);
    expect(recent.after(15, -1)).toEqual([]);
  });

  it('does not answer for positions before what it holds', () => {
    const recent = new RecentEventRows({ rows: 100, chars: 1_000 }, 10);
    recent.advance(12, log([11, 12]).read);
    expect(recent.after(9, -1)).toBeUndefined();
  });

  it('drops the oldest rows past the row limit, and then no longer answers for them', () => {
    const recent = new RecentEventRows({ rows: 3, chars: 1_000 }, 0);
    const source = log([1, 2, 3, 4, 5]);
    recent.advance(2, source.read);
    recent.advance(5, source.read);
    expect(positions(recent.after(2, -1))).toEqual([3, 4, 5]);
    expect(recent.after(1, -1)).toBeUndefined();
  });

  it('drops the oldest rows past the character limit', () => {
    const recent = new RecentEventRows({ rows: 100, chars: 25 }, 0);
    recent.advance(1, () => [row(1, 10)]);
    recent.advance(2, () => [row(2, 10)]);
    recent.advance(3, () => [row(3, 10)]);
    expect(recent.after(0, -1)).toBeUndefined();
    expect(positions(recent.after(1, -1))).toEqual([2, 3]);
  });

  it('skips a range longer than it may hold without reading it, and starts over after it', () => {
    const source = log([]);
    const recent = new RecentEventRows({ rows: 10, chars: 1_000 }, 0);
    recent.advance(1_000, source.read);
    expect(source.reads).toEqual([]);
    expect(recent.after(500, -1)).toBeUndefined();
    expect(recent.after(1_000, -1)).toEqual([]);
  });

  it('keeps answering after many rows came and went', () => {
    const recent = new RecentEventRows({ rows: 50, chars: 100_000 }, 0);
    for (let p = 1; p <= 5_000; p += 1) recent.advance(p, () => [row(p)]);
    expect(positions(recent.after(4_990, -1))).toEqual([4_991, 4_992, 4_993, 4_994, 4_995, 4_996, 4_997, 4_998, 4_999, 5_000]);
    expect(recent.after(4_949, -1)).toBeUndefined();
    expect(recent.after(4_950, 1)?.length).toBe(1);
  });
});
