import type { Subscription, SubscriptionDelivery } from '../http/subscription.types';
import type { SubscriptionDeliveryDocument, SubscriptionDocument } from '../read-models/subscription.read-models';

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

/** A delivery attempt on the wire. */
export function renderSubscriptionDelivery(doc: SubscriptionDeliveryDocument): SubscriptionDelivery {
  return {
    deliveryId: doc.deliveryId,
    type: doc.kind,
    outcome: doc.outcome,
    statusCode: doc.statusCode,
    error: doc.error,
    attempt: doc.attempt,
    durationMs: doc.durationMs,
    at: doc.at,
  };
}
