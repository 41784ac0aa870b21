import { isSubscriptionEvent } from '@app/contracts/events/subscription.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import type { Projection } from '../projection';

/** Live event subscriptions with their status and, when paused, why. */
export const subscriptionProjection: Projection<SubscriptionDocument> = {
  ...READ_MODELS.subscriptions,
  // By workspace for the admins' list; by status for the deliverer, which reads the active ones of every workspace.
  indexes: [{ equal: ['workspaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] }, 'status'],
  canHandle: ['SubscriptionCreated', 'SubscriptionPaused', 'SubscriptionResumed', 'SubscriptionDeleted'],
  documentIds: (event) => (isSubscriptionEvent(event) ? [event.data.subscriptionId] : []),
  evolve(doc, event) {
    if (!isSubscriptionEvent(event)) return doc;
    switch (event.type) {
      case 'SubscriptionCreated': {
        const { workspaceId, subscriptionId, url, events, filters, sealedSecret, startAfterPosition, createdBy, at } = event.data;
        return {
          id: event.position,
          sId: subscriptionId,
          workspaceId,
          url,
          events: [...events],
          filters: { spaceIds: [...filters.spaceIds], agentIds: [...filters.agentIds] },
          sealedSecret,
          startAfterPosition,
          status: 'active',
          pauseReason: null,
          createdBy,
          createdAt: at,
          updatedAt: at,
        };
      }
      case 'SubscriptionPaused':
        return doc && { ...doc, status: 'paused', pauseReason: event.data.reason, updatedAt: event.data.at };
      case 'SubscriptionResumed':
        return doc && { ...doc, status: 'active', pauseReason: null, updatedAt: event.data.at };
      case 'SubscriptionDeleted':
        return null;
      default:
        return doc;
    }
  },
};
