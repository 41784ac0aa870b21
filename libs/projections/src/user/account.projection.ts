import { isUserEvent } from '@app/contracts/events/user.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { fullNameOf, type AccountDocument } from '@app/contracts/read-models/user.read-models';
import type { Projection } from '../projection';

/** One document per account: who they are and when they last signed in. */
export const accountProjection: Projection<AccountDocument> = {
  ...READ_MODELS.accounts,
  indexes: ['email'],
  canHandle: ['UserRegistered', 'UserEmailVerified', 'UserProfileChanged', 'UserSessionStarted'],
  documentIds: (event) => (isUserEvent(event) ? [event.data.userId] : []),
  evolve(doc, event) {
    if (!isUserEvent(event)) return doc;
    switch (event.type) {
      case 'UserRegistered': {
        if (doc) return doc;
        const { userId, email, emailVerified, firstName, lastName, image, provider, at } = event.data;
        return { id: event.position, sId: userId, email, emailVerified, firstName, lastName, fullName: fullNameOf(firstName, lastName), image, provider, createdAt: at, lastLoginAt: null };
      }
      case 'UserEmailVerified':
        return doc ? { ...doc, emailVerified: true } : doc;
      case 'UserProfileChanged': {
        if (!doc) return doc;
        const firstName = event.data.firstName ?? doc.firstName;
        const lastName = event.data.lastName !== undefined ? event.data.lastName : doc.lastName;
        const image = event.data.image !== undefined ? event.data.image : doc.image;
        return { ...doc, firstName, lastName, fullName: fullNameOf(firstName, lastName), image };
      }
      case 'UserSessionStarted':
        return doc ? { ...doc, lastLoginAt: Math.max(doc.lastLoginAt ?? 0, event.data.at) } : doc;
      default:
        return doc;
    }
  },
};
