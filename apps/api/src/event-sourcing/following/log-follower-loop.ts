import type { EventStore, EventSubscription, RecordedEvent } from '@app/storage';
import type { Logger } from 'pino';

const DEFAULT_CATCH_UP_PAGE = 500;
const RESTART_DELAY_MS = 1_000;

/** What a follower of the global log does at each step. */
export interface LogFollowerSteps {
  /** Where to resume: the stored checkpoint (everything up to it is applied already). */
  begin(): Promise<number>;
  apply(event: RecordedEvent): Promise<void>;
  /** After each page read while catching up. */
  afterPage?(): Promise<void>;
  /** Once the log is read up to `to`, before following it live (awaited: nothing live is applied before it settles). */
  caughtUp?(from: number, to: number): void | Promise<void>;
}

/**
 * Follows the global log for a checkpointed reader: reads it page by page from `begin()`, then
 * live; when the log fails, starts over from the checkpoint after a pause, until `stop`.
 */
export class LogFollowerLoop {
  private subscription: EventSubscription | null = null;
  private following: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(
    private readonly eventStore: EventStore,
    private readonly steps: LogFollowerSteps,
    private readonly logger: Logger,
    /** Names the reader in the error log. */
    private readonly name: string,
    /** Events read per page while catching up. */
    private readonly catchUpPage = DEFAULT_CATCH_UP_PAGE,
  ) {}

  start(): void {
    this.stopping = false;
    this.following = this.follow();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.subscription?.close();
    await this.following;
  }

  private async follow(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.followOnce();
      } catch (error) {
        if (this.stopping) return;
        this.logger.error({ err: error }, `${this.name} lost the event log; restarting from its checkpoint`);
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
      }
    }
  }

  private async followOnce(): Promise<void> {
    const start = await this.steps.begin();
    let position = start;
    for (;;) {
      const page = await this.eventStore.readAll({ after: position, maxCount: this.catchUpPage });
      if (page.length === 0) break;
      for (const event of page) await this.steps.apply(event);
      position = page[page.length - 1].position;
      await this.steps.afterPage?.();
    }
    await this.steps.caughtUp?.(start, position);
    const subscription = this.eventStore.subscribeToAll({ after: position });
    this.subscription = subscription;
    if (this.stopping) await subscription.close();
    for await (const event of subscription) {
      if (this.stopping) break;
      await this.steps.apply(event);
    }
  }
}
