import { isUserEvent } from '@app/contracts/events/user.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { SignInLinkDocument } from '@app/contracts/read-models/user.read-models';
import type { Projection } from '../projection';

/** Open sign-in and password-reset links by the hash of their token. */
export const signInLinkProjection: Projection<SignInLinkDocument> = {
  ...READ_MODELS.signInLinks,
  indexes: ['userId'],
  canHandle: ['UserSignInLinkIssued', 'UserSignInLinkUsed'],
  documentIds: (event) => (isUserEvent(event) && (event.type === 'UserSignInLinkIssued' || event.type === 'UserSignInLinkUsed') ? [event.data.tokenHash] : []),
  evolve(doc, event) {
    if (!isUserEvent(event)) return doc;
    switch (event.type) {
      case 'UserSignInLinkIssued': {
        const { linkId, userId, purpose, expiresAt } = event.data;
        return { linkId, userId, purpose, expiresAt };
      }
      case 'UserSignInLinkUsed':
        return null;
      default:
        return doc;
    }
  },
};
