import { isUserEvent } from '@app/contracts/events/user.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { CredentialDocument } from '@app/contracts/read-models/user.read-models';
import type { Projection } from '../projection';

/** The current password hash of each account that has one. */
export const credentialProjection: Projection<CredentialDocument> = {
  ...READ_MODELS.credentials,
  indexes: [],
  canHandle: ['UserPasswordSet'],
  documentIds: (event) => (isUserEvent(event) && event.type === 'UserPasswordSet' ? [event.data.userId] : []),
  evolve(doc, event) {
    if (!isUserEvent(event) || event.type !== 'UserPasswordSet') return doc;
    return { userId: event.data.userId, passwordHash: event.data.passwordHash };
  },
};
