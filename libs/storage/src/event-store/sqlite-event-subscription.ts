import type { EventSubscription, RecordedEvent } from './event-store.port';

/** Events a subscription reads at once: it never holds more than one page, however far behind it is. */
export const SUBSCRIPTION_PAGE_SIZE = 256;

/**
 * Wakes waiting subscriptions: at once for commits of this connection (`notify`), and by polling
 * `PRAGMA data_version` for commits of other connections. Polls only while somebody waits.
 */
export class ChangeSignal {
  private readonly waiters = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  // Updated only by poll ticks: any commit after a subscriber's last empty read differs from it at the next tick.
  private lastDataVersion: number;

  constructor(
    private readonly readDataVersion: () => number,
    private readonly pollIntervalMs: number,
    /** Runs before waiters hear of another connection's commit (see SqliteEventStore's durable head). */
    private readonly beforeNotify?: () => Promise<void>,
  ) {
    this.lastDataVersion = readDataVersion();
  }

  /** Registers a waiter synchronously; the promise settles at the next change or when cancelled. */
  wait(): { changed: Promise<void>; cancel: () => void } {
    let wake = (): void => undefined;
    const changed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    this.waiters.add(wake);
    this.timer ??= setInterval(() => this.poll(), this.pollIntervalMs);
    return {
      changed,
      cancel: () => {
        this.waiters.delete(wake);
        wake();
        if (this.waiters.size === 0) this.stopPolling();
      },
    };
  }

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    this.stopPolling();
    for (const wake of waiters) wake();
  }

  stop(): void {
    this.notify();
  }

  private poll(): void {
    const version = this.readDataVersion();
    if (version === this.lastDataVersion) return;
    this.lastDataVersion = version;
    if (!this.beforeNotify) {
      this.notify();
      return;
    }
    this.beforeNotify().then(
      () => this.notify(),
      // Not heard of yet: the next tick sees the change again and retries.
      () => (this.lastDataVersion = Number.NaN),
    );
  }

  private stopPolling(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

export interface SubscriptionSource {
  /** Cursor before the first event to deliver. */
  readonly start: number;
  /** Up to one page of events after the cursor, in order. */
  readonly readAfter: (cursor: number) => RecordedEvent[];
  readonly cursorOf: (event: RecordedEvent) => number;
}

/** Catches up page by page from the cursor, then waits for the next change and reads again. */
export class SqliteSubscription implements EventSubscription {
  private cursor: number;
  private closed = false;
  private iterating = false;
  private cancelWait: (() => void) | undefined;

  constructor(
    private readonly source: SubscriptionSource,
    private readonly changes: ChangeSignal,
    private readonly onClose: (subscription: SqliteSubscription) => void,
  ) {
    this.cursor = source.start;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent> {
    for await (const page of this.pages()) {
      for (const event of page) {
        if (this.closed) return;
        yield event;
      }
    }
  }

  /** See EventSubscription.pages: the cursor moves past a page when it is handed over. */
  async *pages(): AsyncGenerator<readonly RecordedEvent[]> {
    if (this.iterating) throw new Error('A subscription can be iterated only once');
    this.iterating = true;
    try {
      while (!this.closed) {
        const page = this.source.readAfter(this.cursor);
        if (page.length === 0) {
          // Read and wait registration happen in the same tick, so no commit can slip between them.
          const { changed, cancel } = this.changes.wait();
          this.cancelWait = cancel;
          await changed;
          this.cancelWait = undefined;
          continue;
        }
        this.cursor = this.source.cursorOf(page[page.length - 1]!);
        yield page;
        // Reads are synchronous: between full pages of a long catch-up, let timers and I/O of the process run.
        if (page.length === SUBSCRIPTION_PAGE_SIZE) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelWait?.();
    this.onClose(this);
  }
}
