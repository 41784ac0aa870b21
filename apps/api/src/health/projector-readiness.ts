import type { ProjectorReadiness } from '@app/contracts/http/health.types';
import { FailedEvents, ProjectorStatusBoard } from '@app/projections';
import { checkpointName, EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';

export interface ProjectorReport {
  readonly state: ProjectorReadiness;
  readonly lagEvents: number;
  readonly failedEvents: number;
}

/**
 * Judges whether the projector keeps the read models close enough to the log for the api to serve:
 * the state it publishes (failing while its store fails), how far it trails the log, and whether
 * it moves at all. Works the same when the projector runs in this process or in its own.
 */
@Injectable()
export class ProjectorReadinessProbe {
  private lastSeen: { generation: number; checkpoint: number; since: number } | null = null;
  private readonly board: ProjectorStatusBoard;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly readModels: ReadModels,
  ) {
    this.board = new ProjectorStatusBoard(readStore);
  }

  async report(): Promise<ProjectorReport> {
    const { maxLagEvents, stuckAfterMs } = this.config.readiness;
    const generation = await this.readModels.generations.active();
    const [head, checkpoint, status, failedEvents] = await Promise.all([
      this.eventStore.headPosition(),
      this.readStore.getCheckpoint(checkpointName(generation)).then((position) => position ?? 0),
      this.board.read(),
      new FailedEvents(this.readStore, generation).count(),
    ]);
    // Positions need not be dense (EventStoreDB), so lag is counted in events, one past the bound at most.
    const lagEvents = head <= checkpoint ? 0 : (await this.eventStore.readAll({ after: checkpoint, maxCount: maxLagEvents + 1 })).length;
    const standingStillMs = this.standingStill(generation, checkpoint, lagEvents);
    return { state: judge(status?.state, lagEvents, maxLagEvents, standingStillMs >= stuckAfterMs), lagEvents, failedEvents };
  }

  /** How long the checkpoint has not moved while events wait (0 when caught up or moving). */
  private standingStill(generation: number, checkpoint: number, lagEvents: number): number {
    const now = Date.now();
    const last = this.lastSeen;
    if (lagEvents === 0 || last === null || last.generation !== generation || last.checkpoint !== checkpoint) {
      this.lastSeen = { generation, checkpoint, since: now };
      return 0;
    }
    return now - last.since;
  }
}

function judge(published: string | undefined, lagEvents: number, maxLagEvents: number, stuck: boolean): ProjectorReadiness {
  if (published === 'failing') return 'failing';
  if (stuck) return 'stuck';
  if (lagEvents > maxLagEvents) return 'behind';
  return published === 'following' ? 'following' : 'starting';
}
