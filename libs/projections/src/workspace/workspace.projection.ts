import { initialWorkspaceSettings, isWorkspaceEvent } from '@app/contracts/events/workspace.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import type { RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';

/** One document per workspace with its current settings; `id` is the position of its creation. */
export const workspaceProjection: Projection<WorkspaceDocument> = {
  ...READ_MODELS.workspaces,
  indexes: [],
  canHandle: ['WorkspaceCreated', 'WorkspaceSettingsChanged', 'WorkspaceDomainVerified', 'WorkspaceDomainRemoved'],
  documentIds: (event) => (isWorkspaceEvent(event) ? [event.data.workspaceId] : []),
  evolve(doc, event: RecordedEvent) {
    if (!isWorkspaceEvent(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    switch (event.type) {
      case 'WorkspaceCreated':
        return {
          id: event.position,
          sId: event.data.workspaceId,
          ...initialWorkspaceSettings(event.data.name),
          region: event.data.region,
          createdAt: event.data.at,
          updatedAt: event.data.at,
          lastPosition: event.position,
        };
      case 'WorkspaceSettingsChanged':
        if (!doc) return doc;
        return { ...doc, ...event.data.changes, updatedAt: event.data.at, lastPosition: event.position };
      case 'WorkspaceDomainVerified':
        if (!doc) return doc;
        return { ...doc, verifiedDomains: [...(doc.verifiedDomains ?? []).filter((d) => d !== event.data.domain), event.data.domain], lastPosition: event.position };
      case 'WorkspaceDomainRemoved':
        if (!doc) return doc;
        return { ...doc, verifiedDomains: (doc.verifiedDomains ?? []).filter((d) => d !== event.data.domain), lastPosition: event.position };
      default:
        return doc;
    }
  },
};
