import type { RecordedEvent } from '@app/storage';
import type { PublicEvent } from './public-events';

/**
 * The `webhook-id` of the event at `position` for a subscription: the same on every retry and
 * replay (receivers deduplicate on it), and it says where in the log the event is, so a replay can
 * start from it.
 */
export function deliveryIdOf(subscriptionId: string, position: number): string {
  return `msg_${position}_${subscriptionId}`;
}

/** The log position a delivery id names, or null when it is not one of this subscription's. */
export function positionOfDeliveryId(subscriptionId: string, deliveryId: string): number | null {
  const match = /^msg_(\d+)_(.+)$/.exec(deliveryId);
  return match && match[2] === subscriptionId ? Number(match[1]) : null;
}

/** The JSON body of a delivery (and of an SSE event): `{id, type, timestamp, workspaceId, data}`, timestamp in epoch ms. */
export function deliveryBody(id: string, workspaceId: string, event: Pick<RecordedEvent, 'recordedAt'>, published: PublicEvent): string {
  return JSON.stringify({ id, type: published.kind, timestamp: event.recordedAt, workspaceId, data: published.data });
}
