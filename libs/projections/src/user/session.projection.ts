import { isUserEvent } from '@app/contracts/events/user.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { SessionDocument } from '@app/contracts/read-models/user.read-models';
import type { Projection } from '../projection';

/** Live sessions by the hash of their secret, which is all a request's cookie gives. */
export const sessionProjection: Projection<SessionDocument> = {
  ...READ_MODELS.sessions,
  indexes: ['userId'],
  canHandle: ['UserSessionStarted', 'UserSessionEnded'],
  documentIds: (event) => (isUserEvent(event) && (event.type === 'UserSessionStarted' || event.type === 'UserSessionEnded') ? [event.data.secretHash] : []),
  evolve(doc, event) {
    if (!isUserEvent(event)) return doc;
    switch (event.type) {
      case 'UserSessionStarted': {
        const { sessionId, userId, method, expiresAt, userAgent, at } = event.data;
        return { sessionId, userId, method, createdAt: at, expiresAt, userAgent };
      }
      case 'UserSessionEnded':
        return null;
      default:
        return doc;
    }
  },
};
