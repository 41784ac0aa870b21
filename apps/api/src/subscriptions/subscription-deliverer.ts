import type { DeliveryAttempt } from '@app/contracts/events/subscription.events';
import type { SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@app/storage';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SubscriptionState } from '@app/domain/subscription/subscription.state';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { newSId } from '../common/ids';
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
 * subscription is paused with the last failure as the reason. The failures are read back from the
 * recorded attempts, so a restart resumes the backoff and the window where they were.
 *
 * Replicas on the same stores share the work: before sending, a replica holds the subscription's
 * lease (a `SubscriptionDeliveryClaimed` appended at the revision it read, so of racing replicas one
 * wins) and renews it while it delivers; the others skip the subscription until the lease runs out
 * unrenewed (its holder died), then one takes it over from the checkpoint.
 */
@Injectable()
export class SubscriptionDeliverer implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Identifies this process in leases (host, pid, and a random suffix per start). */
  readonly delivererId = `${hostname()}:${process.pid}:${newSId(6)}`;
  private readonly logger: Logger;
  /** Per subscription, until when this process holds its lease. */
  private readonly leases = new Map<string, number>();
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

  /** Delivers what the log holds past the subscription's position, until caught up, paused, deleted or leased by another replica. */
  private async deliverPending(subscription: SubscriptionDocument): Promise<void> {
    const key = this.secrets.signingKey(subscription.sealedSecret);
    if (!key) return;
    scanning: for (;;) {
      if (this.stopping) return;
      const state = await this.subscriptions.read(subscription.sId);
      if (state.status !== 'active') return;
      const cursor = this.cursors.get(subscription.sId);
      const from = cursor && cursor.replays === state.replays && cursor.position > state.checkpoint ? cursor.position : state.checkpoint;
      const page = await this.eventStore.readAll({ after: from, maxCount: PAGE });
      if (page.length === 0) return;
      for (const event of page) {
        const published = await this.matcher.match(subscription, event);
        if (published) {
          const lease = await this.holdLease(subscription.sId);
          if (lease === 'lost') return;
          // Taken from another replica: what it acknowledged since this process last read is in the state read again.
          if (lease === 'taken') {
            this.cursors.delete(subscription.sId);
            continue scanning;
          }
          if (!(await this.deliverWithRetries(subscription, key, event, published, state))) return;
        }
        this.cursors.set(subscription.sId, { position: event.position, replays: state.replays });
      }
    }
  }

  /**
   * Makes sure this process holds the subscription's lease for at least one more request: 'held'
   * when it held it all along, 'taken' when it claimed it anew (another replica may have delivered
   * meanwhile), 'lost' when another replica holds it.
   */
  private async holdLease(subscriptionId: string): Promise<'held' | 'taken' | 'lost'> {
    const { leaseMs, timeoutMs } = this.config.subscriptions;
    const held = this.leases.get(subscriptionId);
    const now = Date.now();
    if (held !== undefined && held - now > timeoutMs + leaseMs / 2) return 'held';
    const outcome = await this.subscriptions.run(subscriptionId, { type: 'ClaimDelivery', delivererId: this.delivererId, leaseUntil: now + timeoutMs + leaseMs }, SYSTEM_ACTOR);
    const lease = outcome.state.lease;
    if (lease?.delivererId !== this.delivererId) {
      this.leases.delete(subscriptionId);
      return 'lost';
    }
    this.leases.set(subscriptionId, lease.until);
    // Nobody can claim a lease before it runs out: held and unexpired, no other replica came between.
    return held !== undefined && held > now ? 'held' : 'taken';
  }

  /**
   * Sends one event until acknowledged (true), or until the subscription stops, is paused for
   * failing or its lease is lost (false). Failures already recorded for this event (before a
   * restart) count: the attempt number, the backoff and the retry window go on from them.
   */
  private async deliverWithRetries(subscription: SubscriptionDocument, key: Buffer, event: RecordedEvent, published: PublicEvent, state: SubscriptionState): Promise<boolean> {
    const { retryForMs } = this.config.subscriptions;
    const id = deliveryIdOf(subscription.sId, event.position);
    const body = deliveryBody(id, subscription.workspaceId, event, published);
    const failing = state.failing?.position === event.position ? state.failing : null;
    const firstAttemptAt = failing?.since ?? Date.now();
    if (failing && !(await this.waitToRetry(subscription.sId, failing.lastAt + this.backoff(failing.attempts), state.replays))) return false;
    for (let attempt = (failing?.attempts ?? 0) + 1; ; attempt++) {
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
      if (!(await this.waitToRetry(subscription.sId, Date.now() + this.backoff(attempt), state.replays))) return false;
    }
  }

  /** The pause after the `attempt`-th failure. */
  private backoff(attempt: number): number {
    const { retryBaseMs, retryMaxDelayMs } = this.config.subscriptions;
    return Math.min(retryBaseMs * 2 ** (attempt - 1), retryMaxDelayMs);
  }

  /** Waits until `at`; false when the next attempt is not this process's to make any more. */
  private async waitToRetry(subscriptionId: string, at: number, replays: number): Promise<boolean> {
    await this.sleep(at - Date.now());
    // An admin may have paused, deleted or replayed the subscription meanwhile.
    const state = await this.subscriptions.read(subscriptionId);
    if (this.stopping || state.status !== 'active' || state.replays !== replays) return false;
    return (await this.holdLease(subscriptionId)) === 'held';
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
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.stopped.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
