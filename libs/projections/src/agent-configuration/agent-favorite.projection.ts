import { isAgentFavoriteEvent } from '@app/contracts/events/agent-configuration.events';
import type { AgentFavoritesDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/** One document per member with the ids of their favorite agents, in the order they were added. */
export const agentFavoriteProjection: Projection<AgentFavoritesDocument> = {
  ...READ_MODELS.agentFavorites,
  indexes: ['workspaceId'],
  canHandle: ['AgentFavoriteSet'],
  documentIds: (event) => (isAgentFavoriteEvent(event) ? [event.data.userId] : []),
  evolve(doc, event) {
    if (!isAgentFavoriteEvent(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    const { workspaceId, userId, agentConfigurationId, favorite } = event.data;
    const others = (doc?.agentIds ?? []).filter((id) => id !== agentConfigurationId);
    return { workspaceId, userId, agentIds: favorite ? [...others, agentConfigurationId] : others, lastPosition: event.position };
  },
};
