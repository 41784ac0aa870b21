import { isWorkspaceEvent } from '@app/contracts/events/workspace.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { memberKey, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import type { Projection } from '../projection';

/** Workspace members, one document per membership; `id` is the position of the event that added them. */
export const userProjection: Projection<UserDocument> = {
  ...READ_MODELS.users,
  indexes: ['workspaceId', 'email', 'sId'],
  canHandle: ['WorkspaceMemberAdded', 'WorkspaceMemberRoleChanged', 'WorkspaceMemberRemoved'],
  documentIds: (event) =>
    isWorkspaceEvent(event) && (event.type === 'WorkspaceMemberAdded' || event.type === 'WorkspaceMemberRoleChanged' || event.type === 'WorkspaceMemberRemoved')
      ? [memberKey(event.data.workspaceId, event.data.userId)]
      : [],
  evolve(doc, event) {
    if (!isWorkspaceEvent(event)) return doc;
    switch (event.type) {
      case 'WorkspaceMemberAdded':
        return {
          id: event.position,
          sId: event.data.userId,
          workspaceId: event.data.workspaceId,
          email: event.data.email,
          username: event.data.username,
          fullName: event.data.fullName,
          role: event.data.role,
          createdAt: event.data.at,
        };
      case 'WorkspaceMemberRoleChanged':
        return doc ? { ...doc, role: event.data.role } : doc;
      case 'WorkspaceMemberRemoved':
        return null;
      default:
        return doc;
    }
  },
};
