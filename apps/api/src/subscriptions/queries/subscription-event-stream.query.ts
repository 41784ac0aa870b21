import type { SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import { EVENT_STORE, type EventStore, type EventSubscription } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { parseLastEventId } from '../../common/sse/sse-stream';
import { SubscriptionReader } from '../subscription-reader';

/** The log after the client's resume point (a log position), or after the subscription's creation, live. */
export class SubscriptionEventStreamQuery extends Query<{ subscription: SubscriptionDocument; events: EventSubscription }> {
  constructor(
    readonly auth: AuthContext,
    readonly subscriptionId: string,
    /** `lastEventId` as the client sent it (query or header), empty when absent. */
    readonly lastEventId: string,
  ) {
    super();
  }
}

@QueryHandler(SubscriptionEventStreamQuery)
export class SubscriptionEventStreamHandler implements IQueryHandler<SubscriptionEventStreamQuery> {
  constructor(
    private readonly reader: SubscriptionReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth, subscriptionId, lastEventId }: SubscriptionEventStreamQuery): Promise<{ subscription: SubscriptionDocument; events: EventSubscription }> {
    requireAdmin(auth);
    const subscription = await this.reader.subscription(auth, subscriptionId);
    const after = Math.max(parseLastEventId(lastEventId) ?? 0, subscription.startAfterPosition);
    return { subscription, events: this.eventStore.subscribeToAll({ after }) };
  }
}
