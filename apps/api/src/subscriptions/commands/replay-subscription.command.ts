import type { ReplaySubscriptionDto } from '@app/contracts/http/subscription.dto';
import type { ReplaySubscriptionResponse } from '@app/contracts/http/subscription.types';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { ApiError } from '../../common/http/api-error';
import { SubscriptionAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { positionOfDeliveryId } from '../delivery-message';
import { SubscriptionReader } from '../subscription-reader';

/** An admin backfills a subscription: every matching event from an instant, or from a delivery, is delivered again. */
export class ReplaySubscriptionCommand extends Command<ReplaySubscriptionResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly subscriptionId: string,
    readonly body: ReplaySubscriptionDto,
  ) {
    super();
  }
}

@CommandHandler(ReplaySubscriptionCommand)
export class ReplaySubscriptionHandler implements ICommandHandler<ReplaySubscriptionCommand> {
  constructor(
    private readonly subscriptions: SubscriptionAggregateWriter,
    private readonly reader: SubscriptionReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth, subscriptionId, body }: ReplaySubscriptionCommand): Promise<ReplaySubscriptionResponse> {
    requireAdmin(auth);
    await this.reader.subscription(auth, subscriptionId);
    const afterPosition = typeof body.from === 'number' ? await this.lastPositionBefore(body.from) : this.beforeDelivery(subscriptionId, body.from);
    const outcome = await this.subscriptions.run(subscriptionId, { type: 'ReplaySubscription', afterPosition }, auth);
    return { subscription: await this.reader.rendered(auth, subscriptionId, outcome.position), afterPosition };
  }

  private beforeDelivery(subscriptionId: string, deliveryId: string): number {
    const position = positionOfDeliveryId(subscriptionId, deliveryId);
    if (position === null || position < 1) throw new ApiError('invalid_request_error', 'Invalid request body: from names no delivery of this subscription.');
    return position - 1;
  }

  /**
   * The position of the last event recorded before `instant` (0: none), by binary search over the
   * log: positions grow with the time the store records events at, so no scan of the log is needed.
   */
  private async lastPositionBefore(instant: number): Promise<number> {
    let low = 0;
    let high = await this.eventStore.headPosition();
    // Invariant: every event at or before `low` was recorded before the instant; none after `high` was.
    while (low < high) {
      const middle = Math.floor((low + high + 1) / 2);
      const [next] = await this.eventStore.readAll({ after: middle - 1, maxCount: 1 });
      if (next && next.position <= high && next.recordedAt < instant) low = next.position;
      else high = middle - 1;
    }
    return low;
  }
}
