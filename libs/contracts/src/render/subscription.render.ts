import type { Subscription } from '../http/subscription.types';
import type { SubscriptionDocument } from '../read-models/subscription.read-models';

/** A subscription on the wire: everything but the sealed secret. */
export function renderSubscription(doc: SubscriptionDocument): Subscription {
  return {
    sId: doc.sId,
    url: doc.url,
    events: [...doc.events],
    filters: { spaceIds: [...doc.filters.spaceIds], agentIds: [...doc.filters.agentIds] },
    status: doc.status,
    pauseReason: doc.pauseReason,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
