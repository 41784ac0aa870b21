import { GenerationRegistry, type EventStore, type EventSubscription, type ReadStore } from '@app/storage';
import type { Projection } from '../projection';
import { batches } from './batches';
import { ProjectionApplier } from './projection-applier';
import type { ProjectionProgress } from './projection-progress';

export interface ProjectorLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface LiveProjectorOptions {
  readonly maxBatchSize?: number;
  /** How often to notice that a rebuild switched the active generation. */
  readonly generationCheckIntervalMs?: number;
  readonly retryDelayMs?: number;
}

/**
 * Follows the global log from the active generation's checkpoint and applies every event to the
 * read models. Restarts from the stored checkpoint after any failure, so nothing is skipped, and
 * batches commit atomically with the checkpoint, so nothing is applied twice. Each committed
 * position is reported to `progress`, which wakes readers waiting for their own writes.
 */
export class LiveProjector {
  private readonly applier: ProjectionApplier;
  private readonly generations: GenerationRegistry;
  private subscription: EventSubscription | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private generationTimer: NodeJS.Timeout | null = null;
  private activeGeneration = 0;
  private lastPosition = 0;

  constructor(
    private readonly eventStore: EventStore,
    readStore: ReadStore,
    projections: readonly Projection[],
    private readonly logger: ProjectorLogger,
    private readonly progress: ProjectionProgress,
    private readonly options: LiveProjectorOptions = {},
  ) {
    this.applier = new ProjectionApplier(readStore, projections);
    this.generations = new GenerationRegistry(readStore);
  }

  /** Position of the last event applied by this projector. */
  get position(): number {
    return this.lastPosition;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.generations.init();
    this.generationTimer = setInterval(() => void this.checkGeneration(), this.options.generationCheckIntervalMs ?? 1000);
    this.generationTimer.unref();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.generationTimer) clearInterval(this.generationTimer);
    await this.subscription?.close();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.followActiveGeneration();
      } catch (error) {
        if (!this.running) return;
        this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'projector failed; restarting from checkpoint');
        await delay(this.options.retryDelayMs ?? 1000);
      }
    }
  }

  private async followActiveGeneration(): Promise<void> {
    const generation = await this.generations.active();
    this.activeGeneration = generation;
    await this.applier.ensureCollections(generation);
    const checkpoint = await this.applier.getCheckpoint(generation);
    this.lastPosition = checkpoint;
    this.progress.report(checkpoint);
    this.logger.info({ generation, checkpoint }, 'projector following the global log');
    this.subscription = this.eventStore.subscribeToAll({ after: checkpoint });
    for await (const batch of batches(this.subscription, this.options.maxBatchSize ?? 500)) {
      if (!this.running || generation !== this.activeGeneration) break;
      await this.applier.apply(batch, generation);
      this.lastPosition = batch[batch.length - 1]?.position ?? this.lastPosition;
      this.progress.report(this.lastPosition);
    }
    await this.subscription.close();
  }

  /** A rebuild switched generations: drop the subscription so the loop resumes on the new one. */
  private async checkGeneration(): Promise<void> {
    try {
      const active = await this.generations.active();
      if (active !== this.activeGeneration && this.subscription) {
        this.logger.info({ from: this.activeGeneration, to: active }, 'read models switched to a rebuilt generation');
        this.activeGeneration = active;
        await this.subscription.close();
      }
    } catch {
      // The next tick tries again; the main loop reports store failures.
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
