import type { EventStore } from '@app/storage';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ReadModels } from '../reading/read-models';

/**
 * Work a process takes up once at start-up, after the read models have caught up with the log:
 * what a previous process left unfinished (file processing, CSV imports). It runs beside the
 * requests; shutdown waits for it, and tests wait on `done`.
 */
export abstract class StartUpRecovery implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Promise<void> = Promise.resolve();

  protected constructor(
    private readonly eventStore: EventStore,
    protected readonly readModels: ReadModels,
    protected readonly log: Logger,
  ) {}

  /** Takes up what was left, once the read models show everything the log holds. */
  protected abstract recover(): Promise<void>;

  onApplicationBootstrap(): void {
    this.running = this.caughtUp()
      .then(() => this.recover())
      .catch((error: unknown) => this.log.error({ err: error }, 'start-up recovery failed'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }

  /** Resolves when the start-up recovery is over (tests wait for it). */
  get done(): Promise<void> {
    return this.running;
  }

  private async caughtUp(): Promise<void> {
    await this.readModels.waitFor(await this.eventStore.headPosition());
  }
}
