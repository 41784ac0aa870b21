import {
  AGENT_CONFIGURATION_EVENT_TYPES,
  isAgentConfigurationEvent,
  type AgentAuthor,
  type AgentConfigurationCreated,
  type AgentConfigurationUpdated,
} from '@app/contracts/events/agent-configuration.events';
import type { AgentConfigurationDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/**
 * One document per workspace agent: its current version, its editors and the summary of every
 * version. `id` is the position of the event that saved the current version, so it changes with
 * each version as the real service's row ids do, and is stable across replays.
 */
export const agentConfigurationProjection: Projection<AgentConfigurationDocument> = {
  ...READ_MODELS.agentConfigurations,
  indexes: ['workspaceId', 'status', 'nameKey', { equal: ['workspaceId', 'status'] }],
  canHandle: AGENT_CONFIGURATION_EVENT_TYPES,
  documentIds: (event) => (isAgentConfigurationEvent(event) ? [event.data.agentConfigurationId] : []),
  evolve(doc, event) {
    if (!isAgentConfigurationEvent(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    switch (event.type) {
      case 'AgentConfigurationCreated':
      case 'AgentConfigurationUpdated':
        return saveVersion(doc, event, event.position);
      case 'AgentConfigurationArchived':
        if (!doc) return doc;
        return { ...doc, status: 'archived', updatedAt: event.data.at, lastPosition: event.position };
      case 'AgentConfigurationRestored':
        if (!doc) return doc;
        return { ...doc, status: doc.configuration.status, updatedAt: event.data.at, lastPosition: event.position };
      default:
        return doc;
    }
  },
};

function saveVersion(
  doc: AgentConfigurationDocument | null,
  event: AgentConfigurationCreated | AgentConfigurationUpdated,
  position: number,
): AgentConfigurationDocument | null {
  const { data } = event;
  // An update can only follow a creation; without one there is nothing to update.
  if (!doc && event.type === 'AgentConfigurationUpdated') return null;
  const summary = { version: data.version, id: position, at: data.at, author: data.author };
  // A pending placeholder's first save replaces it (same version 0): the placeholder is no version of its own.
  const earlier = doc?.status === 'pending' ? [] : (doc?.versions ?? []);
  return {
    id: position,
    sId: data.agentConfigurationId,
    workspaceId: data.workspaceId,
    status: doc?.status === 'archived' ? 'archived' : data.configuration.status,
    scope: data.configuration.scope,
    nameKey: data.configuration.name.toLowerCase(),
    version: data.version,
    versionCreatedAt: data.at,
    versionAuthor: data.author,
    configuration: data.configuration,
    editors: withEditor(doc?.editors ?? [], data.author),
    versions: [...earlier, summary],
    createdAt: doc?.status === 'pending' ? data.at : (doc?.createdAt ?? data.at),
    updatedAt: data.at,
    lastPosition: position,
  };
}

function withEditor(editors: readonly AgentAuthor[], author: AgentAuthor | null): readonly AgentAuthor[] {
  if (author === null) return editors;
  return [author, ...editors.filter((editor) => editor.userId !== author.userId)];
}
