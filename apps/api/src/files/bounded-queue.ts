/** Thrown when a task is offered to a full queue. */
export class QueueFullError extends Error {
  constructor() {
    super('Too many tasks are waiting.');
    this.name = 'QueueFullError';
  }
}

/**
 * Runs async tasks at most `concurrency` at a time, with at most `limit` waiting: a burst of
 * uploads queues instead of extracting fifty files at once, and past the limit is refused.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly limit: number,
  ) {}

  get pending(): number {
    return this.waiting.length + this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.limit) throw new QueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so `running` never drops under a busy queue.
      if (next) next();
      else this.running -= 1;
    }
  }
}
