import { ALL_PROJECTIONS, LiveProjector, ProjectionProgress, ReadModelLayoutUpgrade } from '@app/projections';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { LOGGER } from '../common/logger';

/**
 * Runs the projector inside the api process when configured to (always with the embedded stores,
 * where SQLite allows one writer). With the real engines the projector is its own process. Like
 * that one, it first fills read models a release added or bumped (see ReadModelLayoutUpgrade).
 */
@Injectable()
export class EmbeddedProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private projector: LiveProjector | null = null;
  private layoutUpgrade: ReadModelLayoutUpgrade | null = null;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ProjectionProgress) private readonly progress: ProjectionProgress,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runProjector) return;
    const logger = this.logger.child({ component: 'projector' });
    // Before the live projector applies anything: a generation that has applied nothing needs no rebuild.
    this.layoutUpgrade = new ReadModelLayoutUpgrade(this.eventStore, this.readStore, ALL_PROJECTIONS, logger);
    await this.layoutUpgrade.start();
    this.projector = new LiveProjector(this.eventStore, this.readStore, ALL_PROJECTIONS, logger, this.progress);
    await this.projector.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.layoutUpgrade?.stop();
    await this.projector?.stop();
  }
}
