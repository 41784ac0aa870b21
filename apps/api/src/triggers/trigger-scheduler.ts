import type { ScheduleConfig } from '@app/contracts/events/trigger.events';
import type { TriggerDocument } from '@app/contracts/read-models/trigger.read-models';
import { latestDueAt } from '@app/domain/trigger/schedule';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../common/clock';
import { newSId } from '../common/ids';
import { LOGGER } from '../common/logger';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { TriggerAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { firingTriggerOf, TriggerFiring } from './trigger-firing';

/**
 * Fires schedule triggers. Every TRIGGER_SCHEDULER_INTERVAL_MS each api process looks at the
 * enabled schedules and, for each, at the latest instant due by its clock; it claims that instant
 * on the trigger's stream (a `TriggerScheduleClaimed` appended at the revision it read: of any
 * number of replicas exactly one lands, the others find the instant claimed and do nothing) and
 * starts the run.
 *
 * Missed instants: only the latest due instant is ever claimed, so after downtime a schedule fires
 * once, for the latest instant it missed, on the first look after start-up, never a burst of
 * every instant it missed. Instants before the trigger's last change are never fired.
 */
@Injectable()
export class TriggerScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Identifies this process in claims. */
  readonly schedulerId = `${hostname()}:${process.pid}:${newSId(6)}`;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private stopping = false;
  /** Per trigger, the latest instant this process has tried to claim (won or found claimed): each is tried once. */
  private readonly tried = new Map<string, number>();
  private readonly log: Logger;

  constructor(
    private readonly readModels: ReadModels,
    private readonly triggers: TriggerAggregateWriter,
    private readonly firing: TriggerFiring,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'trigger-scheduler' });
  }

  onApplicationBootstrap(): void {
    if (!this.config.triggers.schedulerEnabled) return;
    this.timer = setInterval(() => void this.tick(), this.config.triggers.schedulerIntervalMs);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }

  /** One look at every enabled schedule; a look still running when the next is due is not doubled. */
  tick(): Promise<void> {
    this.pass ??= this.fireDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'trigger scheduler pass failed'))
      .finally(() => (this.pass = null));
    return this.pass;
  }

  private async fireDue(): Promise<void> {
    const now = this.clock.now();
    const schedules = await this.readModels.find<TriggerDocument>('triggers', { where: { kind: 'schedule', status: 'enabled' } });
    for (const id of this.tried.keys()) if (!schedules.some((doc) => doc.sId === id)) this.tried.delete(id);
    for (const doc of schedules) {
      if (this.stopping) return;
      const dueAt = latestDueAt(doc.configuration as ScheduleConfig, now);
      if (dueAt === null || dueAt < doc.updatedAt || dueAt <= (this.tried.get(doc.sId) ?? -Infinity)) continue;
      // Whether another replica claimed it first is for the claim to tell: the read model may lag the log.
      this.tried.set(doc.sId, dueAt);
      await this.claimAndFire(doc.sId, dueAt).catch((error: unknown) => this.log.warn({ err: error, triggerId: doc.sId }, 'could not fire a schedule trigger'));
    }
  }

  private async claimAndFire(triggerId: string, dueAt: number): Promise<void> {
    const firingId = `fir_${newSId()}`;
    const outcome = await this.triggers.run(triggerId, { type: 'ClaimScheduledInstant', firingId, dueAt, claimedBy: this.schedulerId, now: this.clock.now() }, `trigger:${triggerId}`);
    const claim = outcome.events.find((event) => event.type === 'TriggerScheduleClaimed');
    if (claim?.type !== 'TriggerScheduleClaimed') return;
    if (claim.data.outcome !== 'matched') {
      this.log.info({ triggerId, dueAt }, 'schedule trigger over its daily cap: instant recorded as rate limited');
      return;
    }
    await this.firing.fire(firingTriggerOf(triggerId, outcome.state.trigger!), { firingId, requestId: null });
  }
}
