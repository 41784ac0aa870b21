import { assertNever } from '@app/contracts/assert-never';
import type { WorkspaceEvent, WorkspaceRole } from '@app/contracts/events/workspace.events';
import { DomainError } from '../shared/domain-error';
import type { MemberIdentity, MembershipCommand } from './workspace.commands';
import type { ActiveWorkspaceState } from './workspace.state';

/** The refusals of membership commands, with the messages the wire shows. */
export const MEMBERSHIP_ERROR_MESSAGES = {
  lastAdmin: 'The workspace must keep at least one admin: make another member admin first.',
  notMember: 'This user is not a member of the workspace.',
  alreadyMember: 'This person is already a member of the workspace.',
  invitationNotFound: 'This invitation is not valid: it was used, withdrawn or never existed.',
  invitationExpired: 'This invitation has expired: ask an admin of the workspace for a new one.',
  invitationOtherEmail: 'This invitation was sent to another email address.',
  domainNotVerified: "Your email address's domain does not let you join this workspace on your own.",
  removedMember: 'You were removed from this workspace: ask one of its admins to add you back.',
  invalidDomain: 'A domain is a host name such as example.com.',
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The domain part of an address, lower-cased. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Membership: members, their roles, invitations and verified domains. */
export function decideMembership(state: ActiveWorkspaceState, command: MembershipCommand): WorkspaceEvent[] {
  const { workspaceId } = state;
  const at = command.now;
  switch (command.type) {
    case 'AddMember':
      return state.members.has(command.member.userId) ? [] : [memberAdded(state, command.member, command.role, at)];
    case 'ChangeMemberRole': {
      const member = requireMember(state, command.userId);
      if (member.role === command.role) return [];
      if (member.role === 'admin') assertAnotherAdmin(state, command.userId);
      return [{ type: 'WorkspaceMemberRoleChanged', data: { workspaceId, userId: command.userId, role: command.role, at } }];
    }
    case 'RemoveMember': {
      const member = state.members.get(command.userId);
      if (!member) return [];
      if (member.role === 'admin') assertAnotherAdmin(state, command.userId);
      return [{ type: 'WorkspaceMemberRemoved', data: { workspaceId, userId: command.userId, at } }];
    }
    case 'InviteMember': {
      const email = command.email.trim().toLowerCase();
      if (state.membersByEmail.has(email)) throw new DomainError('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.alreadyMember);
      if (state.invitations.has(command.invitationId)) return [];
      const { invitationId, role, tokenHash, expiresAt, invitedBy } = command;
      return [{ type: 'WorkspaceInvitationCreated', data: { workspaceId, invitationId, email, role, tokenHash, expiresAt, invitedBy, at } }];
    }
    case 'AcceptInvitation': {
      const invitation = [...state.invitations.values()].find((open) => open.tokenHash === command.tokenHash);
      if (!invitation) throw new DomainError('invitation_not_found', MEMBERSHIP_ERROR_MESSAGES.invitationNotFound);
      if (invitation.expiresAt <= at) throw new DomainError('invitation_not_found', MEMBERSHIP_ERROR_MESSAGES.invitationExpired);
      if (invitation.email !== command.member.email.toLowerCase()) throw new DomainError('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.invitationOtherEmail);
      const closed: WorkspaceEvent = {
        type: 'WorkspaceInvitationClosed',
        data: { workspaceId, invitationId: invitation.invitationId, tokenHash: invitation.tokenHash, outcome: 'accepted', userId: command.member.userId, at },
      };
      return state.members.has(command.member.userId) ? [closed] : [closed, memberAdded(state, command.member, invitation.role, at)];
    }
    case 'RevokeInvitation': {
      const invitation = state.invitations.get(command.invitationId);
      if (!invitation) return [];
      return [
        { type: 'WorkspaceInvitationClosed', data: { workspaceId, invitationId: invitation.invitationId, tokenHash: invitation.tokenHash, outcome: 'revoked', userId: null, at } },
      ];
    }
    case 'JoinByVerifiedDomain':
      if (state.members.has(command.member.userId)) return [];
      if (!state.domains.has(emailDomainOf(command.member.email))) throw new DomainError('workspace_auth_error', MEMBERSHIP_ERROR_MESSAGES.domainNotVerified);
      if (state.removed.has(command.member.userId)) throw new DomainError('workspace_auth_error', MEMBERSHIP_ERROR_MESSAGES.removedMember);
      return [memberAdded(state, command.member, 'user', at)];
    case 'VerifyDomain': {
      const domain = command.domain.trim().toLowerCase();
      if (!DOMAIN.test(domain)) throw new DomainError('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.invalidDomain);
      return state.domains.has(domain) ? [] : [{ type: 'WorkspaceDomainVerified', data: { workspaceId, domain, at } }];
    }
    case 'RemoveDomain': {
      const domain = command.domain.trim().toLowerCase();
      return state.domains.has(domain) ? [{ type: 'WorkspaceDomainRemoved', data: { workspaceId, domain, at } }] : [];
    }
    default:
      return assertNever(command);
  }
}

function memberAdded(state: ActiveWorkspaceState, member: MemberIdentity, role: WorkspaceRole, at: number): WorkspaceEvent {
  const { userId, username, fullName } = member;
  return { type: 'WorkspaceMemberAdded', data: { workspaceId: state.workspaceId, userId, email: member.email.toLowerCase(), username, fullName, role, at } };
}

function requireMember(state: ActiveWorkspaceState, userId: string) {
  const member = state.members.get(userId);
  if (!member) throw new DomainError('workspace_user_not_found', MEMBERSHIP_ERROR_MESSAGES.notMember);
  return member;
}

function assertAnotherAdmin(state: ActiveWorkspaceState, userId: string): void {
  const others = [...state.members].some(([id, member]) => id !== userId && member.role === 'admin');
  if (!others) throw new DomainError('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.lastAdmin);
}
