import { isWorkspaceEvent } from '@app/contracts/events/workspace.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { UserDocument } from '@app/contracts/read-models/workspace.read-models';
import type { Projection } from '../projection';

/** Workspace members; `id` is the position of the event that added them. */
export const userProjection: Projection<UserDocument> = {
  ...READ_MODELS.users,
  indexes: ['workspaceId', 'email'],
  canHandle: ['WorkspaceMemberAdded'],
  documentIds: (event) => (isWorkspaceEvent(event) && event.type === 'WorkspaceMemberAdded' ? [event.data.userId] : []),
  evolve(doc, event) {
    if (!isWorkspaceEvent(event) || event.type !== 'WorkspaceMemberAdded') return doc;
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
  },
};
