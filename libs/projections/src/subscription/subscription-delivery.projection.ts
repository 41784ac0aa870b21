import { isSubscriptionEvent } from '@app/contracts/events/subscription.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { SubscriptionDeliveryDocument } from '@app/contracts/read-models/subscription.read-models';
import type { Projection } from '../projection';

/** Every delivery attempt of every subscription, for admins to see status codes and timings. */
export const subscriptionDeliveryProjection: Projection<SubscriptionDeliveryDocument> = {
  ...READ_MODELS.subscriptionDeliveries,
  indexes: [{ equal: ['subscriptionId'], sort: [{ field: 'at', direction: 'desc' }] }],
  canHandle: ['SubscriptionDeliveryRecorded'],
  // One document per attempt: the position of the event recording it is unique and stable.
  documentIds: (event) => (event.type === 'SubscriptionDeliveryRecorded' ? [String(event.position)] : []),
  evolve(doc, event) {
    if (!isSubscriptionEvent(event) || event.type !== 'SubscriptionDeliveryRecorded') return doc;
    return { id: String(event.position), ...event.data };
  },
};
