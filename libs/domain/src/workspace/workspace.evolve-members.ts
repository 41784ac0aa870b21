import { assertNever } from '@app/contracts/assert-never';
import type {
  WorkspaceDomainRemoved,
  WorkspaceDomainVerified,
  WorkspaceInvitationClosed,
  WorkspaceInvitationCreated,
  WorkspaceMemberAdded,
  WorkspaceMemberRemoved,
  WorkspaceMemberRoleChanged,
} from '@app/contracts/events/workspace.events';
import type { ActiveWorkspaceState } from './workspace.state';

type MembershipEvent =
  | WorkspaceMemberAdded
  | WorkspaceMemberRoleChanged
  | WorkspaceMemberRemoved
  | WorkspaceInvitationCreated
  | WorkspaceInvitationClosed
  | WorkspaceDomainVerified
  | WorkspaceDomainRemoved;

/** Folds the membership events of a workspace (never throws). */
export function evolveMembership(state: ActiveWorkspaceState, event: MembershipEvent): ActiveWorkspaceState {
  switch (event.type) {
    case 'WorkspaceMemberAdded': {
      const { userId, email, role } = event.data;
      const removed = new Set(state.removed);
      removed.delete(userId);
      return { ...state, membersByEmail: new Map(state.membersByEmail).set(email, userId), members: new Map(state.members).set(userId, { email, role }), removed };
    }
    case 'WorkspaceMemberRoleChanged': {
      const member = state.members.get(event.data.userId);
      if (!member) return state;
      return { ...state, members: new Map(state.members).set(event.data.userId, { ...member, role: event.data.role }) };
    }
    case 'WorkspaceMemberRemoved': {
      const member = state.members.get(event.data.userId);
      if (!member) return state;
      const members = new Map(state.members);
      members.delete(event.data.userId);
      const membersByEmail = new Map(state.membersByEmail);
      membersByEmail.delete(member.email);
      return { ...state, members, membersByEmail, removed: new Set(state.removed).add(event.data.userId) };
    }
    case 'WorkspaceInvitationCreated': {
      const { invitationId, email, role, tokenHash, expiresAt } = event.data;
      return { ...state, invitations: new Map(state.invitations).set(invitationId, { invitationId, email, role, tokenHash, expiresAt }) };
    }
    case 'WorkspaceInvitationClosed': {
      const invitations = new Map(state.invitations);
      invitations.delete(event.data.invitationId);
      return { ...state, invitations };
    }
    case 'WorkspaceDomainVerified':
      return { ...state, domains: new Set(state.domains).add(event.data.domain) };
    case 'WorkspaceDomainRemoved': {
      const domains = new Set(state.domains);
      domains.delete(event.data.domain);
      return { ...state, domains };
    }
    default:
      return assertNever(event);
  }
}
