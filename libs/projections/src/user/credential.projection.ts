import { isUserEvent } from '@app/contracts/events/user.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { CredentialDocument } from '@app/contracts/read-models/user.read-models';
import type { Projection } from '../projection';

/** The current password hash of each account that has one (a proved address removes one set before). */
export const credentialProjection: Projection<CredentialDocument> = {
  ...READ_MODELS.credentials,
  indexes: [],
  canHandle: ['UserPasswordSet', 'UserEmailVerified'],
  documentIds: (event) => (isUserEvent(event) && (event.type === 'UserPasswordSet' || event.type === 'UserEmailVerified') ? [event.data.userId] : []),
  evolve(doc, event) {
    if (!isUserEvent(event)) return doc;
    if (event.type === 'UserPasswordSet') return { userId: event.data.userId, passwordHash: event.data.passwordHash };
    if (event.type === 'UserEmailVerified' && event.data.passwordRemoved) return null;
    return doc;
  },
};
