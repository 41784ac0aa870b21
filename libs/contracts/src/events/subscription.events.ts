/**
 * Events of an event subscription (stream `subscription-<subscription sId>`): an admin asks for the
 * log's events of some public kinds to be delivered to a URL, signed with a secret kept only sealed;
 * the subscription is paused (by an admin, or by delivery after failing for too long), resumed and
 * deleted.
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

export type SubscriptionEvent = SubscriptionCreated | SubscriptionPaused | SubscriptionResumed | SubscriptionDeleted;

export const SUBSCRIPTION_EVENT_TYPES = [
  'SubscriptionCreated',
  'SubscriptionPaused',
  'SubscriptionResumed',
  'SubscriptionDeleted',
] as const satisfies readonly SubscriptionEvent['type'][];

/** Narrows a stored event to a subscription event by its type. */
export function isSubscriptionEvent(event: { readonly type: string; readonly data: unknown }): event is SubscriptionEvent {
  return (SUBSCRIPTION_EVENT_TYPES as readonly string[]).includes(event.type);
}
