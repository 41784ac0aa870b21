import type { PublicEventKind, SubscriptionFilters, SubscriptionPauseReason } from '../events/subscription.events';

/** An event subscription on the wire; the signing secret is never part of it. */
export interface Subscription {
  readonly sId: string;
  readonly url: string;
  readonly events: PublicEventKind[];
  readonly filters: SubscriptionFilters;
  readonly status: 'active' | 'paused';
  readonly pauseReason: SubscriptionPauseReason | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface SubscriptionEnvelope {
  readonly subscription: Subscription;
}

/** The answer to a creation: the only time the signing secret is shown. */
export interface CreatedSubscriptionEnvelope extends SubscriptionEnvelope {
  readonly secret: string;
}

export interface ListSubscriptionsResponse {
  readonly subscriptions: Subscription[];
}

/** One delivery attempt as admins see it. */
export interface SubscriptionDelivery {
  readonly deliveryId: string;
  readonly type: PublicEventKind;
  readonly outcome: 'delivered' | 'failed';
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly attempt: number;
  readonly durationMs: number;
  readonly at: number;
}

export interface ListSubscriptionDeliveriesResponse {
  readonly deliveries: SubscriptionDelivery[];
}

/** The answer to a replay: where in the log deliveries start again. */
export interface ReplaySubscriptionResponse {
  readonly subscription: Subscription;
  readonly afterPosition: number;
}
