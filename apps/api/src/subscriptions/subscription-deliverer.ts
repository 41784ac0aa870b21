import type { DeliveryAttempt } from '@app/contracts/events/subscription.events';
import type { SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { SubscriptionAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { deliveryBody, deliveryIdOf } from './delivery-message';
import type { PublicEvent } from './public-events';
import { SubscriptionMatcher } from './subscription-matcher';
import { SubscriptionSecrets } from './subscription-secrets';
import { WebhookSender } from './webhook-sender';

const PAGE = 200;
const SYSTEM_ACTOR = 'system:subscriptions';

/** Where a subscription's delivery loop has scanned to, beyond its durable checkpoint. */
interface ScanCursor {
  readonly position: number;
  /** The replay count the cursor was taken under: a replay sends the loop back to the checkpoint. */
  readonly replays: number;
}

/**
 * Delivers the log to each active subscription, in order, from its own checkpoint: like a
 * projection with a position of its own. Only an acknowledged (2xx) delivery, recorded as an event
 * of the subscription, moves the checkpoint, so a process killed at any moment resends exactly the
 * deliveries whose acknowledgment was not recorded. A failing receiver holds its subscription's
 * queue (order is kept) and is retried with exponential backoff; past the retry window the
 * subscription is paused with the last failure as the reason.
 */
@Injectable()
export class SubscriptionDeliverer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly running = new Map<string, Promise<void>>();
  private readonly cursors = new Map<string, ScanCursor>();
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  /** Aborted at shutdown: a loop waiting to retry stops waiting. */
  private readonly stopped = new AbortController();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly readModels: ReadModels,
    private readonly subscriptions: SubscriptionAggregateWriter,
    private readonly matcher: SubscriptionMatcher,
    private readonly secrets: SubscriptionSecrets,
    private readonly sender: WebhookSender,
  ) {
    this.logger = logger.child({ component: 'subscription-deliverer' });
  }

  onApplicationBootstrap(): void {
    if (this.config.subscriptions.deliver) this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.stopped.abort();
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled([...this.running.values()]);
  }

  private schedule(): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => void this.tick().finally(() => this.schedule()), this.config.subscriptions.pollMs);
  }

  /** Starts a delivery loop for every active subscription that has none running. */
  private async tick(): Promise<void> {
    let active: SubscriptionDocument[];
    try {
      active = await this.readModels.find<SubscriptionDocument>('subscriptions', { where: { status: 'active' } });
    } catch (error) {
      this.logger.error({ err: error }, 'could not list the subscriptions to deliver');
      return;
    }
    for (const subscription of active) {
      if (this.running.has(subscription.sId)) continue;
      const loop = this.deliverPending(subscription)
        .catch((error: unknown) => this.logger.error({ err: error, subscriptionId: subscription.sId }, 'subscription delivery stopped; it starts again from its checkpoint'))
        .finally(() => this.running.delete(subscription.sId));
      this.running.set(subscription.sId, loop);
    }
  }

  /** Delivers what the log holds past the subscription's position, until caught up, paused or deleted. */
  private async deliverPending(subscription: SubscriptionDocument): Promise<void> {
    const key = this.secrets.signingKey(subscription.sealedSecret);
    if (!key) return;
    for (;;) {
      if (this.stopping) return;
      const state = await this.subscriptions.read(subscription.sId);
      if (state.status !== 'active') return;
      const cursor = this.cursors.get(subscription.sId);
      const from = cursor && cursor.replays === state.replays && cursor.position > state.checkpoint ? cursor.position : state.checkpoint;
      const page = await this.eventStore.readAll({ after: from, maxCount: PAGE });
      if (page.length === 0) return;
      for (const event of page) {
        const published = await this.matcher.match(subscription, event);
        if (published && !(await this.deliverWithRetries(subscription, key, event, published, state.replays))) return;
        this.cursors.set(subscription.sId, { position: event.position, replays: state.replays });
      }
    }
  }

  /** Sends one event until acknowledged (true), or until the subscription stops or is paused for failing (false). */
  private async deliverWithRetries(subscription: SubscriptionDocument, key: Buffer, event: RecordedEvent, published: PublicEvent, replays: number): Promise<boolean> {
    const { retryBaseMs, retryMaxDelayMs, retryForMs } = this.config.subscriptions;
    const id = deliveryIdOf(subscription.sId, event.position);
    const body = deliveryBody(id, subscription.workspaceId, event, published);
    const firstAttemptAt = Date.now();
    for (let attempt = 1; ; attempt++) {
      const result = await this.sender.send(subscription.url, key, id, body);
      const outcome = result.ok ? 'delivered' : 'failed';
      const { statusCode, error, durationMs } = result;
      const recorded = await this.record(subscription.sId, { deliveryId: id, position: event.position, kind: published.kind, outcome, statusCode, error, attempt, durationMs });
      if (!recorded) return false;
      if (result.ok) return true;
      if (Date.now() - firstAttemptAt >= retryForMs) {
        const message = `Deliveries failed for ${Math.round((Date.now() - firstAttemptAt) / 1000)} s; the last one: ${result.error ?? 'no answer'}`;
        await this.subscriptions.run(subscription.sId, { type: 'PauseSubscription', by: 'delivery_failures', message }, SYSTEM_ACTOR);
        return false;
      }
      await this.sleep(Math.min(retryBaseMs * 2 ** (attempt - 1), retryMaxDelayMs));
      // An admin may have paused, deleted or replayed the subscription meanwhile.
      const state = await this.subscriptions.read(subscription.sId);
      if (this.stopping || state.status !== 'active' || state.replays !== replays) return false;
    }
  }

  /** Records an attempt; false when the subscription is gone (deleted meanwhile). */
  private async record(subscriptionId: string, attempt: DeliveryAttempt): Promise<boolean> {
    try {
      await this.subscriptions.run(subscriptionId, { type: 'RecordDelivery', ...attempt }, SYSTEM_ACTOR);
      return true;
    } catch (error) {
      if ((error as { type?: string }).type === 'not_found') return false;
      throw error;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.stopped.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
