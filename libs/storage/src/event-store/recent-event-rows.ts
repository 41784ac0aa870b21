import type { EventRow } from './sqlite-event-schema';

export interface RecentEventRowsLimits {
  readonly rows: number;
  /** Characters of data and metadata text held at most. */
  readonly chars: number;
}

/**
 * The newest rows of the log, in memory: every row whose position is in (low, high], in order.
 * Each commit wakes every subscription of the process (projector, agent runner, search follower,
 * SSE streams…), and each used to read the same few new rows with its own query; the store now
 * reads them once, when they become durable, and the subscriptions take them from here (each still
 * decodes its own copy). The oldest rows go first when a limit is passed; a reader further behind
 * than the rows held reads the table as before.
 */
export class RecentEventRows {
  private rows: EventRow[] = [];
  /** Index in `rows` of the oldest row still held (the array is compacted now and then). */
  private first = 0;
  private chars = 0;
  private low: number;
  private high: number;

  constructor(
    private readonly limits: RecentEventRowsLimits,
    /** Position up to which the log is covered at the start (nothing before it is held). */
    at: number,
  ) {
    this.low = at;
    this.high = at;
  }

  /** Position of the newest row covered. */
  get head(): number {
    return this.high;
  }

  /**
   * Takes in the range (head, to]: `read(from, to)` must return every row of it, in order. A range
   * longer than the row limit is not read: the rows held are dropped and reading starts at `to`.
   */
  advance(to: number, read: (from: number, to: number) => EventRow[]): void {
    if (to <= this.high) return;
    if (to - this.high > this.limits.rows) {
      this.rows = [];
      this.first = 0;
      this.chars = 0;
      this.low = to;
      this.high = to;
      return;
    }
    for (const row of read(this.high, to)) {
      this.rows.push(row);
      this.chars += sizeOf(row);
    }
    this.high = to;
    this.evict();
  }

  /**
   * The rows after `position`, at most `limit` of them (-1: all), or undefined when rows right
   * after `position` are no longer held (the caller reads the table).
   */
  after(position: number, limit: number): EventRow[] | undefined {
    if (position < this.low) return undefined;
    if (position >= this.high) return [];
    let lo = this.first;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (positionOf(this.rows[mid]) <= position) lo = mid + 1;
      else hi = mid;
    }
    return this.rows.slice(lo, limit < 0 ? this.rows.length : lo + limit);
  }

  private evict(): void {
    while (this.rows.length - this.first > this.limits.rows || (this.chars > this.limits.chars && this.rows.length - this.first > 0)) {
      const oldest = this.rows[this.first];
      this.chars -= sizeOf(oldest);
      this.low = positionOf(oldest);
      this.first += 1;
    }
    if (this.first > 1_024 && this.first * 2 > this.rows.length) {
      this.rows = this.rows.slice(this.first);
      this.first = 0;
    }
  }
}

function positionOf(row: EventRow): number {
  return Number(row[0]);
}

function sizeOf(row: EventRow): number {
  const data = row[5];
  const metadata = row[6];
  return (typeof data === 'string' ? data.length : 0) + (typeof metadata === 'string' ? metadata.length : 0);
}
