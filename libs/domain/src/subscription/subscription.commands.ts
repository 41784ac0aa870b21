import type { DeliveryAttempt, PublicEventKind, SubscriptionFilters } from '@app/contracts/events/subscription.events';

/** An admin subscribes a URL to some public event kinds (the secret already sealed). */
export type CreateSubscription = {
  readonly type: 'CreateSubscription';
  readonly workspaceId: string;
  readonly url: string;
  readonly events: readonly PublicEventKind[];
  readonly filters: SubscriptionFilters;
  readonly sealedSecret: string;
  readonly startAfterPosition: number;
  readonly createdBy: string | null;
  readonly now: number;
};

/** Stops deliveries: an admin's choice, or delivery giving up after failing for too long. */
export type PauseSubscription = {
  readonly type: 'PauseSubscription';
  readonly by: 'admin' | 'delivery_failures';
  readonly message: string | null;
  readonly now: number;
};

export type ResumeSubscription = { readonly type: 'ResumeSubscription'; readonly now: number };

export type DeleteSubscription = { readonly type: 'DeleteSubscription'; readonly now: number };

/** Records one delivery attempt of the event at `position` and how it ended. */
export type RecordDelivery = { readonly type: 'RecordDelivery'; readonly now: number } & DeliveryAttempt;

/** Delivers again every matching event after `afterPosition`. */
export type ReplaySubscription = { readonly type: 'ReplaySubscription'; readonly afterPosition: number; readonly now: number };

/** A replica claims delivering the subscription, or renews its claim; a claim another holds unexpired is left alone. */
export type ClaimDelivery = { readonly type: 'ClaimDelivery'; readonly delivererId: string; readonly leaseUntil: number; readonly now: number };

export type SubscriptionCommand = ClaimDelivery | CreateSubscription | PauseSubscription | ResumeSubscription | DeleteSubscription | RecordDelivery | ReplaySubscription;
