import { isWorkspaceEvent } from '@app/contracts/events/workspace.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { ApiKeyDocument } from '@app/contracts/read-models/workspace.read-models';
import type { Projection } from '../projection';

/** Keys indexed by the hash of their secret, which is all a request needs to authenticate. */
export const apiKeyProjection: Projection<ApiKeyDocument> = {
  ...READ_MODELS.apiKeys,
  indexes: ['workspaceId'],
  canHandle: ['ApiKeyCreated', 'ApiKeyRevoked'],
  documentIds: (event) =>
    isWorkspaceEvent(event) && (event.type === 'ApiKeyCreated' || event.type === 'ApiKeyRevoked') ? [event.data.secretHash] : [],
  evolve(doc, event) {
    if (!isWorkspaceEvent(event)) return doc;
    switch (event.type) {
      case 'ApiKeyCreated':
        return {
          keyId: event.data.keyId,
          workspaceId: event.data.workspaceId,
          secretPrefix: event.data.secretPrefix ?? null,
          role: event.data.role,
          userId: event.data.userId,
          createdAt: event.data.at,
        };
      case 'ApiKeyRevoked':
        return null;
      default:
        return doc;
    }
  },
};
