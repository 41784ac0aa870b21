import { isUserEvent } from '@app/contracts/events/user.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { UserTokenDocument } from '@app/contracts/read-models/user.read-models';
import type { Projection } from '../projection';

/** Live personal access tokens by the hash of their secret, which is all a request gives. */
export const userTokenProjection: Projection<UserTokenDocument> = {
  ...READ_MODELS.userTokens,
  indexes: ['userId'],
  canHandle: ['UserTokenCreated', 'UserTokenRevoked'],
  documentIds: (event) => (isUserEvent(event) && (event.type === 'UserTokenCreated' || event.type === 'UserTokenRevoked') ? [event.data.secretHash] : []),
  evolve(doc, event) {
    if (!isUserEvent(event)) return doc;
    switch (event.type) {
      case 'UserTokenCreated': {
        const { tokenId, userId, name, secretPrefix, expiresAt, at } = event.data;
        return { tokenId, userId, name, secretPrefix, createdAt: at, expiresAt };
      }
      case 'UserTokenRevoked':
        return null;
      default:
        return doc;
    }
  },
};
