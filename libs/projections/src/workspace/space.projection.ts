import { isWorkspaceEvent } from '@app/contracts/events/workspace.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import type { Projection } from '../projection';

/** Spaces of each workspace, a project with its metadata; `id` is the position of the event that created them. */
export const spaceProjection: Projection<SpaceDocument> = {
  ...READ_MODELS.spaces,
  indexes: ['workspaceId', 'kind', { equal: ['workspaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] }],
  canHandle: ['SpaceCreated', 'ProjectMetadataChanged', 'SpaceMembersChanged'],
  documentIds: (event) =>
    isWorkspaceEvent(event) && (event.type === 'SpaceCreated' || event.type === 'ProjectMetadataChanged' || event.type === 'SpaceMembersChanged') ? [event.data.spaceId] : [],
  evolve(doc, event) {
    if (!isWorkspaceEvent(event)) return doc;
    if (event.type === 'ProjectMetadataChanged') {
      if (!doc?.project) return doc;
      return { ...doc, project: { ...doc.project, description: event.data.description, updatedAt: event.data.at } };
    }
    if (event.type === 'SpaceMembersChanged') {
      if (!doc) return doc;
      return { ...doc, isRestricted: event.data.isRestricted, memberIds: event.data.memberIds, updatedAt: event.data.at };
    }
    if (event.type !== 'SpaceCreated') return doc;
    const { projectMetadataId } = event.data;
    return {
      id: event.position,
      sId: event.data.spaceId,
      workspaceId: event.data.workspaceId,
      kind: event.data.kind,
      name: event.data.name,
      isRestricted: event.data.isRestricted,
      groupIds: [],
      memberIds: event.data.memberIds ?? [],
      ...(projectMetadataId === undefined
        ? {}
        : { project: { sId: projectMetadataId, description: null, createdAt: event.data.at, updatedAt: event.data.at } }),
      createdAt: event.data.at,
      updatedAt: event.data.at,
    };
  },
};
