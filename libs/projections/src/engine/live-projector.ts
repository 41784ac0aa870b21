import { GenerationRegistry, type EventStore, type EventSubscription, type ReadStore, type RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';
import { batches } from './batches';
import type { FailedEvent } from './failed-events';
import { ProjectionApplier } from './projection-applier';
import type { ProjectionProgress } from './projection-progress';
import { ProjectorStatusBoard, type ProjectorState } from './projector-status';
import { ResilientApplier } from './resilient-applier';

export interface ProjectorLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface LiveProjectorOptions {
  readonly maxBatchSize?: number;
  /** How often to notice that a rebuild switched the active generation. */
  readonly generationCheckIntervalMs?: number;
  readonly retryDelayMs?: number;
  /** Called with the events recorded as failed (metrics, alerts). */
  readonly onFailedEvents?: (failed: readonly FailedEvent[]) => void;
  /** Pause between sweeps that found nothing to remove (see `Projection.sweep`). */
  readonly sweepIntervalMs?: number;
}

/** Pause between sweep steps that removed something: a large purge yields to requests in between. */
const SWEEP_STEP_PAUSE_MS = 20;

/**
 * Follows the global log from the active generation's checkpoint and applies every event to the
 * read models. Batches commit atomically with the checkpoint, so nothing is applied twice. An event
 * the projections cannot apply is recorded as failed and skipped (see ResilientApplier); when the
 * store itself fails, the projector restarts from the stored checkpoint, so nothing is skipped. Each
 * committed position is reported to `progress`, which wakes readers waiting for their own writes,
 * and every change of state is published on the status board for /readyz.
 */
export class LiveProjector {
  private readonly applier: ProjectionApplier;
  private readonly generations: GenerationRegistry;
  private readonly board: ProjectorStatusBoard;
  private readonly sweepers: readonly Projection[];
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private subscription: EventSubscription | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private generationTimer: NodeJS.Timeout | null = null;
  private stopGenerationRequests: (() => void) | null = null;
  private activeGeneration = 0;
  private lastPosition = 0;
  private currentState: ProjectorState = { state: 'starting', lastError: null, since: new Date().toISOString() };

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
    private readonly logger: ProjectorLogger,
    private readonly progress: ProjectionProgress,
    private readonly options: LiveProjectorOptions = {},
  ) {
    this.applier = new ProjectionApplier(readStore, projections);
    this.generations = new GenerationRegistry(readStore);
    this.board = new ProjectorStatusBoard(readStore);
    this.sweepers = projections.filter((projection) => projection.sweep);
  }

  /** Position of the last event applied by this projector. */
  get position(): number {
    return this.lastPosition;
  }

  /** Whether the projector follows the log or keeps failing on the store, and why. */
  get state(): ProjectorState {
    return this.currentState;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.generations.init();
    this.generationTimer = setInterval(() => void this.checkGeneration(), this.options.generationCheckIntervalMs ?? 1000);
    this.generationTimer.unref();
    this.stopGenerationRequests = this.progress.onGenerationCheckRequest(() => void this.checkGeneration());
    this.loop = this.run();
    this.scheduleSweep(this.options.sweepIntervalMs ?? 1000);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.generationTimer) clearInterval(this.generationTimer);
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    await this.sweeping;
    this.stopGenerationRequests?.();
    await this.subscription?.close();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.followActiveGeneration();
      } catch (error) {
        if (!this.running) return;
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error({ err: message }, 'projector failed; restarting from checkpoint');
        await this.enter('failing', message);
        await delay(this.options.retryDelayMs ?? 1000);
      }
    }
  }

  private async followActiveGeneration(): Promise<void> {
    const generation = await this.generations.active();
    this.activeGeneration = generation;
    const resilient = new ResilientApplier(this.readStore, this.applier, generation);
    await resilient.ensureCollections();
    const checkpoint = await this.applier.getCheckpoint(generation);
    this.lastPosition = checkpoint;
    this.progress.report(checkpoint, generation);
    this.logger.info({ generation, checkpoint }, 'projector following the global log');
    // After a failure, only a batch that applies shows the store is back (the failed events come again first).
    if (this.currentState.state === 'starting') await this.enter('following', null);
    const subscription = this.eventStore.subscribeToAll({ after: checkpoint });
    this.subscription = subscription;
    // Stopped while this was starting up: stop() had no subscription to close, and no batch may come to end the loop.
    if (!this.running) {
      await subscription.close();
      return;
    }
    for await (const batch of batchesOf(subscription, this.options.maxBatchSize ?? 500)) {
      if (!this.running || generation !== this.activeGeneration) break;
      await this.applyBatch(resilient, batch, generation, subscription);
    }
    await subscription.close();
  }

  private async applyBatch(
    resilient: ResilientApplier,
    batch: readonly RecordedEvent[],
    generation: number,
    subscription: EventSubscription,
  ): Promise<void> {
    try {
      const failed = await resilient.apply(batch);
      if (failed.length > 0) this.reportFailures(failed);
    } catch (error) {
      // Leaving the for-await waits for the subscription's pending read, which only closing it ends:
      // close first, or a failed batch would hang the projector until the next event arrives.
      await subscription.close();
      throw error;
    }
    this.lastPosition = batch[batch.length - 1]?.position ?? this.lastPosition;
    this.progress.report(this.lastPosition, generation);
    if (this.currentState.state !== 'following') await this.enter('following', null);
  }

  private reportFailures(failed: readonly FailedEvent[]): void {
    for (const event of failed) {
      this.logger.error(
        { position: event.position, stream: event.streamName, type: event.type, err: event.error },
        'projection failed on an event; recorded it and moved on (see projector retry-failed)',
      );
    }
    this.options.onFailedEvents?.(failed);
  }

  private async enter(state: ProjectorState['state'], lastError: string | null): Promise<void> {
    if (this.currentState.state === state && this.currentState.lastError === lastError) return;
    this.currentState = { state, lastError, since: new Date().toISOString() };
    try {
      await this.board.publish(this.currentState);
    } catch {
      // The store is what failed; /readyz sees that directly.
    }
  }

  private scheduleSweep(delayMs: number): void {
    if (!this.running || this.sweepers.length === 0) return;
    this.sweepTimer = setTimeout(() => {
      this.sweeping = this.sweep().then((removed) => {
        this.sweeping = null;
        this.scheduleSweep(removed > 0 ? SWEEP_STEP_PAUSE_MS : (this.options.sweepIntervalMs ?? 1000));
      });
    }, delayMs);
    this.sweepTimer.unref();
  }

  /** One step of each projection's housekeeping on the generation being followed; documents removed. */
  private async sweep(): Promise<number> {
    let removed = 0;
    for (const projection of this.sweepers) {
      try {
        removed += (await projection.sweep?.(this.readStore, this.activeGeneration)) ?? 0;
      } catch (error) {
        // Housekeeping waits for the next tick; the main loop reports store failures.
        this.logger.error({ projection: projection.name, err: error instanceof Error ? error.message : String(error) }, 'read-model sweep failed');
      }
    }
    return removed;
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

/**
 * The subscription's events in batches: its pages where it hands them over whole (a page is applied
 * in the turn that made it durable, before the writers' next group commit; batching event by event
 * waited a turn of the loop for more, and that commit ran first), else what is available at once.
 */
async function* batchesOf(subscription: EventSubscription, maxSize: number): AsyncGenerator<readonly RecordedEvent[]> {
  if (!subscription.pages) {
    yield* batches(subscription, maxSize);
    return;
  }
  for await (const page of subscription.pages()) {
    for (let start = 0; start < page.length; start += maxSize) yield start === 0 && page.length <= maxSize ? page : page.slice(start, start + maxSize);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
