import type { DeliveryAttempt, PublicEventKind, SubscriptionFilters, SubscriptionPauseReason } from '../events/subscription.events';

/**
 * Read model of an event subscription (`subscriptions` collection, id = subscription sId). The
 * sealed signing secret is kept here for the delivery worker, which reads subscriptions from this
 * collection; it is never rendered.
 */
export interface SubscriptionDocument {
  [key: string]: unknown;
  /** Global position of the event that created it. */
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly url: string;
  readonly events: PublicEventKind[];
  readonly filters: SubscriptionFilters;
  readonly sealedSecret: string;
  readonly startAfterPosition: number;
  readonly status: 'active' | 'paused';
  readonly pauseReason: SubscriptionPauseReason | null;
  readonly createdBy: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Read model of one delivery attempt (`subscription_deliveries` collection, id = the position of the event recording it). */
export type SubscriptionDeliveryDocument = {
  [key: string]: unknown;
  readonly id: string;
  readonly subscriptionId: string;
  readonly workspaceId: string;
  readonly at: number;
} & DeliveryAttempt;
