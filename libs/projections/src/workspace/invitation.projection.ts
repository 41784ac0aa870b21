import { isWorkspaceEvent } from '@app/contracts/events/workspace.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { InvitationDocument } from '@app/contracts/read-models/user.read-models';
import type { Projection } from '../projection';

/** Open invitations by the hash of their token (the link's secret). */
export const invitationProjection: Projection<InvitationDocument> = {
  ...READ_MODELS.invitations,
  indexes: ['workspaceId'],
  canHandle: ['WorkspaceInvitationCreated', 'WorkspaceInvitationClosed'],
  documentIds: (event) =>
    isWorkspaceEvent(event) && (event.type === 'WorkspaceInvitationCreated' || event.type === 'WorkspaceInvitationClosed') ? [event.data.tokenHash] : [],
  evolve(doc, event) {
    if (!isWorkspaceEvent(event)) return doc;
    switch (event.type) {
      case 'WorkspaceInvitationCreated': {
        const { invitationId, workspaceId, email, role, invitedBy, expiresAt, at } = event.data;
        return { invitationId, workspaceId, email, role, invitedBy, createdAt: at, expiresAt };
      }
      case 'WorkspaceInvitationClosed':
        return null;
      default:
        return doc;
    }
  },
};
