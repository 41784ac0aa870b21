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
