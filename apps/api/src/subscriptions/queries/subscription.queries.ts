import type { ListSubscriptionDeliveriesResponse, ListSubscriptionsResponse, SubscriptionEnvelope } from '@app/contracts/http/subscription.types';
import type { SubscriptionDeliveryDocument, SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import { renderSubscription, renderSubscriptionDelivery } from '@app/contracts/render/subscription.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { SubscriptionReader } from '../subscription-reader';

/** The workspace's subscriptions, oldest first (admins). */
export class ListSubscriptionsQuery extends Query<ListSubscriptionsResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(ListSubscriptionsQuery)
export class ListSubscriptionsHandler implements IQueryHandler<ListSubscriptionsQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ auth }: ListSubscriptionsQuery): Promise<ListSubscriptionsResponse> {
    requireAdmin(auth);
    const docs = await this.readModels.find<SubscriptionDocument>('subscriptions', {
      where: { workspaceId: auth.workspace.sId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    return { subscriptions: docs.map(renderSubscription) };
  }
}

/** One subscription (admins), with why it is paused when it is. */
export class GetSubscriptionQuery extends Query<SubscriptionEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly subscriptionId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSubscriptionQuery)
export class GetSubscriptionHandler implements IQueryHandler<GetSubscriptionQuery> {
  constructor(private readonly reader: SubscriptionReader) {}

  async execute({ auth, subscriptionId }: GetSubscriptionQuery): Promise<SubscriptionEnvelope> {
    requireAdmin(auth);
    return { subscription: await this.reader.rendered(auth, subscriptionId, null) };
  }
}

/** How many recent delivery attempts a listing shows. */
const RECENT_DELIVERIES = 100;

/** The most recent delivery attempts of a subscription, with status codes and timings (admins). */
export class ListSubscriptionDeliveriesQuery extends Query<ListSubscriptionDeliveriesResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly subscriptionId: string,
  ) {
    super();
  }
}

@QueryHandler(ListSubscriptionDeliveriesQuery)
export class ListSubscriptionDeliveriesHandler implements IQueryHandler<ListSubscriptionDeliveriesQuery> {
  constructor(
    private readonly reader: SubscriptionReader,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, subscriptionId }: ListSubscriptionDeliveriesQuery): Promise<ListSubscriptionDeliveriesResponse> {
    requireAdmin(auth);
    await this.reader.subscription(auth, subscriptionId);
    const docs = await this.readModels.find<SubscriptionDeliveryDocument>('subscriptionDeliveries', {
      where: { subscriptionId },
      sort: [{ field: 'at', direction: 'desc' }],
      limit: RECENT_DELIVERIES,
    });
    return { deliveries: docs.map(renderSubscriptionDelivery) };
  }
}
