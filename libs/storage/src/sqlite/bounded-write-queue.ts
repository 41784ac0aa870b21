/** One piece of a write, run inside a transaction; `cost` is what it weighs against the budget (bytes of text, say). */
export interface WriteUnit {
  readonly cost: number;
  run(): void;
}

interface QueuedWrite {
  readonly units: readonly WriteUnit[];
  /** Units already committed. */
  done: number;
  failed: boolean;
  /** Undoes what committed units wrote when a later one fails (run in a transaction of its own). */
  readonly undo: (() => void) | undefined;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The writes of one SQLite connection, in the order they are asked for, in transactions that each
 * weigh at most `budget` (more only when one unit alone does), with a turn of the event loop
 * between two. Small writes that arrive together share a transaction; a large one is spread over
 * several, so no write holds the event loop for longer than one budget's worth. A transaction that
 * fails is tried again write by write, so one write the database refuses fails alone.
 */
export class BoundedWriteQueue {
  private readonly queue: QueuedWrite[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly transaction: (work: () => void) => void,
    private readonly budget: number,
  ) {}

  /** Queues a write; resolves once all its units are committed. */
  write(units: readonly WriteUnit[], undo?: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ units, done: 0, failed: false, undo, resolve, reject });
      this.startDraining();
    });
  }

  private startDraining(): void {
    if (this.draining !== null || this.queue.length === 0) return;
    // A write may be queued after the drain's last look at the queue but before it has ended (a
    // caller answered by the drain writes again at once): it starts the next drain.
    this.draining = this.drain().finally(() => {
      this.draining = null;
      this.startDraining();
    });
  }

  /** Resolves once every write queued so far (and any queued meanwhile) is committed or failed. */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    await turn(); // writes asked for in the same turn share the first transaction
    while (this.queue.length > 0) {
      const picked = this.pick();
      try {
        this.transaction(() => {
          for (const { write, count } of picked) for (let i = 0; i < count; i += 1) write.units[write.done + i]!.run();
        });
        for (const { write, count } of picked) write.done += count;
      } catch (error) {
        if (picked.length === 1) this.fail(picked[0]!.write, error);
        else for (const piece of picked) if (!piece.write.failed) this.retryAlone(piece);
      }
      this.settle();
      if (this.queue.length > 0) await turn();
    }
  }

  /** The units of the next transaction: from the head of the queue, in order, within the budget. */
  private pick(): { write: QueuedWrite; count: number }[] {
    const picked: { write: QueuedWrite; count: number }[] = [];
    let cost = 0;
    for (const write of this.queue) {
      let count = 0;
      while (write.done + count < write.units.length) {
        const unit = write.units[write.done + count]!;
        if ((picked.length > 0 || count > 0) && cost + unit.cost > this.budget) break;
        cost += unit.cost;
        count += 1;
      }
      if (count > 0 || write.units.length === 0) picked.push({ write, count });
      if (write.done + count < write.units.length) break; // its next unit did not fit: later writes wait their turn
    }
    return picked;
  }

  private retryAlone({ write, count }: { write: QueuedWrite; count: number }): void {
    try {
      this.transaction(() => {
        for (let i = 0; i < count; i += 1) write.units[write.done + i]!.run();
      });
      write.done += count;
    } catch (error) {
      this.fail(write, error);
    }
  }

  private fail(write: QueuedWrite, error: unknown): void {
    write.failed = true;
    // Only what committed needs undoing: the failed transaction itself was rolled back.
    if (write.undo && write.done > 0) {
      try {
        this.transaction(write.undo);
      } catch {
        // The write is refused either way; what its first units left is overwritten by its next upsert.
      }
    }
    write.reject(error);
  }

  /** Takes finished and failed writes off the head of the queue, answering the finished ones. */
  private settle(): void {
    for (let index = 0; index < this.queue.length; ) {
      const write = this.queue[index]!;
      if (write.failed) this.queue.splice(index, 1);
      else if (write.done >= write.units.length) {
        this.queue.splice(index, 1);
        write.resolve();
      } else index += 1;
    }
  }
}

function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
