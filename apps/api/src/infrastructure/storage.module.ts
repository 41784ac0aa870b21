import { ProjectionProgress } from '@app/projections';
import { EVENT_STORE, openEventStore, openVerifiedReadStore, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { DEFAULT_DECIDER_EXECUTOR_OPTIONS, DeciderExecutor } from '../event-sourcing/writing/decider-executor';
import { CountingEventStore } from '../metrics/counting-event-store';
import { Metrics } from '../metrics/metrics';
import { LOGGER } from '../common/logger';
import { ReadModels } from '../event-sourcing/reading/read-models';

/**
 * The stores the configuration names, opened once per process and closed at shutdown, and the
 * progress of the embedded projector, which links it to the reads that wait for their own writes.
 */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [API_CONFIG, Metrics, LOGGER],
      useFactory: (config: ApiConfig, metrics: Metrics, logger: Logger) =>
        new CountingEventStore(
          openEventStore(config.storage, {
            onSkip: (skipped) => logger.warn({ skipped }, 'skipped an event of the log that the service did not write'),
          }),
          (type) => metrics.eventsAppended.inc({ type }),
        ),
    },
    { provide: READ_STORE, inject: [API_CONFIG], useFactory: (config: ApiConfig) => openVerifiedReadStore(config.storage) },
    { provide: ProjectionProgress, useFactory: () => new ProjectionProgress() },
    ReadModels,
    {
      provide: DeciderExecutor,
      inject: [EVENT_STORE, API_CONFIG],
      useFactory: (eventStore: EventStore, config: ApiConfig) =>
        new DeciderExecutor(eventStore, { ...DEFAULT_DECIDER_EXECUTOR_OPTIONS, maxAttempts: config.commandMaxAttempts }),
    },
  ],
  exports: [EVENT_STORE, READ_STORE, ProjectionProgress, ReadModels, DeciderExecutor],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.eventStore.close();
    await this.readStore.close();
  }
}
