/**
 * Events of an event subscription (stream `subscription-<subscription sId>`): an admin asks for the
 * log's events of some public kinds to be delivered to a URL, signed with a secret kept only sealed;
 * the subscription is paused (by an admin, or by delivery after failing for too long), resumed and
 * deleted. Each delivery attempt is recorded with its outcome: a delivered one is the
 * acknowledgment that moves the subscription's checkpoint in the log, and a replay moves it back.
 * One api replica at a time delivers a subscription: it claims a lease on the stream (appended at
 * the revision it read, so of racing replicas one wins) and renews it while it delivers.
 */

import { streamNameOf } from './stream-name';

/** Stream of one subscription. */
export function toSubscriptionStreamName(subscriptionId: string): string {
  return streamNameOf('subscription', subscriptionId);
}

/**
 * The public vocabulary of event kinds a subscription names: stable, documented, and independent of
 * the internal event types (which may be renamed or split without breaking integrators).
 */
export const PUBLIC_EVENT_KINDS = [
  'conversation.created',
  'message.posted',
  'agent_message.succeeded',
  'agent_message.failed',
  'agent_message.cancelled',
  'tool_call.blocked',
  'tool_call.approved',
  'file.ready',
  'file.failed',
  'document.upserted',
  'document.deleted',
  'table.imported',
  'member.joined',
  'member.removed',
  'trigger.fired',
] as const;

export type PublicEventKind = (typeof PUBLIC_EVENT_KINDS)[number];

/** Deliveries are limited to events of these spaces and agents; an empty list limits nothing. */
export type SubscriptionFilters = { readonly spaceIds: readonly string[]; readonly agentIds: readonly string[] };

/** Why a subscription stopped delivering: an admin paused it, or deliveries kept failing. */
export type SubscriptionPauseReason = { readonly by: 'admin' } | { readonly by: 'delivery_failures'; readonly message: string };

export type SubscriptionCreated = {
  readonly type: 'SubscriptionCreated';
  readonly data: {
    readonly workspaceId: string;
    readonly subscriptionId: string;
    readonly url: string;
    readonly events: readonly PublicEventKind[];
    readonly filters: SubscriptionFilters;
    /** The signing secret (`whsec_…`) sealed with the deployment's secrets key. */
    readonly sealedSecret: string;
    /** Deliveries start after this log position: a subscription sees what happens from its creation on. */
    readonly startAfterPosition: number;
    readonly createdBy: string | null;
    readonly at: number;
  };
};

export type SubscriptionPaused = {
  readonly type: 'SubscriptionPaused';
  readonly data: { readonly workspaceId: string; readonly subscriptionId: string; readonly reason: SubscriptionPauseReason; readonly at: number };
};

export type SubscriptionResumed = {
  readonly type: 'SubscriptionResumed';
  readonly data: { readonly workspaceId: string; readonly subscriptionId: string; readonly at: number };
};

export type SubscriptionDeleted = {
  readonly type: 'SubscriptionDeleted';
  readonly data: { readonly workspaceId: string; readonly subscriptionId: string; readonly at: number };
};

/** One attempt to deliver the event at `position` and how it ended. */
export type DeliveryAttempt = {
  /** The `webhook-id` of the message: the same on every attempt and replay of this event. */
  readonly deliveryId: string;
  readonly position: number;
  readonly kind: PublicEventKind;
  readonly outcome: 'delivered' | 'failed';
  /** The receiver's HTTP status, or null when none arrived (refused address, timeout, network). */
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly attempt: number;
  readonly durationMs: number;
};

/** A delivery attempt; `delivered` acknowledges the event (the checkpoint moves past it). */
export type SubscriptionDeliveryRecorded = {
  readonly type: 'SubscriptionDeliveryRecorded';
  readonly data: { readonly workspaceId: string; readonly subscriptionId: string; readonly at: number } & DeliveryAttempt;
};

/** Deliveries start again after `afterPosition` (a backfill): everything later is delivered again. */
export type SubscriptionReplayRequested = {
  readonly type: 'SubscriptionReplayRequested';
  readonly data: { readonly workspaceId: string; readonly subscriptionId: string; readonly afterPosition: number; readonly at: number };
};

/** A replica claims (or renews) the delivery of this subscription until `leaseUntil`. */
export type SubscriptionDeliveryClaimed = {
  readonly type: 'SubscriptionDeliveryClaimed';
  readonly data: { readonly workspaceId: string; readonly subscriptionId: string; readonly delivererId: string; readonly leaseUntil: number; readonly at: number };
};

export type SubscriptionEvent =
  | SubscriptionCreated
  | SubscriptionDeliveryClaimed
  | SubscriptionPaused
  | SubscriptionResumed
  | SubscriptionDeleted
  | SubscriptionDeliveryRecorded
  | SubscriptionReplayRequested;

export const SUBSCRIPTION_EVENT_TYPES = [
  'SubscriptionCreated',
  'SubscriptionPaused',
  'SubscriptionResumed',
  'SubscriptionDeleted',
  'SubscriptionDeliveryRecorded',
  'SubscriptionReplayRequested',
  'SubscriptionDeliveryClaimed',
] as const satisfies readonly SubscriptionEvent['type'][];

/** Narrows a stored event to a subscription event by its type. */
export function isSubscriptionEvent(event: { readonly type: string; readonly data: unknown }): event is SubscriptionEvent {
  return (SUBSCRIPTION_EVENT_TYPES as readonly string[]).includes(event.type);
}
