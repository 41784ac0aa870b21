import { isAgentConfigurationEvent } from '@app/contracts/events/agent-configuration.events';
import {
  agentConfigurationVersionDocumentId,
  type AgentConfigurationVersionDocument,
} from '@app/contracts/read-models/agent-configuration.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/**
 * One immutable document per saved version (id `<sId>:<version>`), kept apart from the agent's
 * document so that long instructions saved many times never make one document huge.
 */
export const agentConfigurationVersionProjection: Projection<AgentConfigurationVersionDocument> = {
  ...READ_MODELS.agentConfigurationVersions,
  // The history of one agent: its versions, newest first.
  indexes: ['sId', 'workspaceId', { equal: ['sId'], sort: [{ field: 'version', direction: 'desc' }] }],
  canHandle: ['AgentConfigurationCreated', 'AgentConfigurationUpdated'],
  documentIds(event) {
    if (!isAgentConfigurationEvent(event)) return [];
    if (event.type !== 'AgentConfigurationCreated' && event.type !== 'AgentConfigurationUpdated') return [];
    return [agentConfigurationVersionDocumentId(event.data.agentConfigurationId, event.data.version)];
  },
  evolve(doc, event) {
    // Versions are immutable, except a pending placeholder, which the first save replaces as version 0.
    if (doc && doc.configuration.status !== 'pending') return doc;
    if (!isAgentConfigurationEvent(event)) return doc;
    if (event.type !== 'AgentConfigurationCreated' && event.type !== 'AgentConfigurationUpdated') return doc;
    return {
      id: event.position,
      sId: event.data.agentConfigurationId,
      workspaceId: event.data.workspaceId,
      version: event.data.version,
      at: event.data.at,
      author: event.data.author,
      configuration: event.data.configuration,
    };
  },
};
