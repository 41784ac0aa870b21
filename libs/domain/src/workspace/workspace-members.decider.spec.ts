import type { WorkspaceEvent } from '@app/contracts/events/workspace.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { MemberIdentity } from './workspace.commands';
import { MEMBERSHIP_ERROR_MESSAGES } from './workspace.decide-members';
import { workspaceDecider } from './workspace.decider';

const spec = deciderSpec(workspaceDecider);
const workspaceId = 'W0rkspace1';
const at = 1_700_000_000_000;
const now = at + 1_000;

const created: WorkspaceEvent = { type: 'WorkspaceCreated', data: { workspaceId, name: 'Acme', region: 'us-central1', at } };
const person = (userId: string, email: string): MemberIdentity => ({ userId, email, username: email.split('@')[0] ?? email, fullName: userId });
const ada = person('usrAda0001', 'ada@acme.test');
const bob = person('usrBob0001', 'bob@acme.test');
const added = (member: MemberIdentity, role: 'admin' | 'builder' | 'user', when = at): WorkspaceEvent => ({
  type: 'WorkspaceMemberAdded',
  data: { workspaceId, userId: member.userId, email: member.email, username: member.username, fullName: member.fullName, role, at: when },
});
const invited: WorkspaceEvent = {
  type: 'WorkspaceInvitationCreated',
  data: { workspaceId, invitationId: 'inv_1', email: 'bob@acme.test', role: 'builder', tokenHash: 'h1', expiresAt: now + 60_000, invitedBy: ada.userId, at },
};

describe('workspace decider: members', () => {
  it('adds an account once, with its role', () => {
    spec.given([created]).when({ type: 'AddMember', member: ada, role: 'admin', now }).then([added(ada, 'admin', now)]);
    spec.given([created, added(ada, 'admin')]).when({ type: 'AddMember', member: ada, role: 'user', now }).thenNothing();
  });

  it('never demotes nor removes the last admin, and does once another admin exists', () => {
    const one = [created, added(ada, 'admin'), added(bob, 'user')];
    spec.given(one).when({ type: 'ChangeMemberRole', userId: ada.userId, role: 'user', now }).thenThrows('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.lastAdmin);
    spec.given(one).when({ type: 'RemoveMember', userId: ada.userId, now }).thenThrows('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.lastAdmin);
    const promoted: WorkspaceEvent = { type: 'WorkspaceMemberRoleChanged', data: { workspaceId, userId: bob.userId, role: 'admin', at: now } };
    spec.given(one).when({ type: 'ChangeMemberRole', userId: bob.userId, role: 'admin', now }).then([promoted]);
    spec.given([...one, promoted]).when({ type: 'RemoveMember', userId: ada.userId, now }).then([{ type: 'WorkspaceMemberRemoved', data: { workspaceId, userId: ada.userId, at: now } }]);
  });

  it('changing to the same role, or removing someone who is not a member, records nothing; a role change of a stranger is a 404', () => {
    const one = [created, added(ada, 'admin')];
    spec.given(one).when({ type: 'ChangeMemberRole', userId: ada.userId, role: 'admin', now }).thenNothing();
    spec.given(one).when({ type: 'RemoveMember', userId: 'usrNobody1', now }).thenNothing();
    spec.given(one).when({ type: 'ChangeMemberRole', userId: 'usrNobody1', role: 'user', now }).thenThrows('workspace_user_not_found');
  });

  it('a removed member is no member: re-adding them works, and their email is free', () => {
    const removed: WorkspaceEvent = { type: 'WorkspaceMemberRemoved', data: { workspaceId, userId: bob.userId, at } };
    const history = [created, added(ada, 'admin'), added(bob, 'user'), removed];
    spec.given(history).when({ type: 'AddMember', member: bob, role: 'builder', now }).then([added(bob, 'builder', now)]);
    expect(spec.given(history).when({ type: 'InviteMember', invitationId: 'inv_2', email: 'BOB@acme.test', role: 'user', tokenHash: 'h2', expiresAt: now + 1, invitedBy: null, now }).events()).toHaveLength(1);
  });
});

describe('workspace decider: invitations', () => {
  it('invites an address (lower-cased), not one of a member', () => {
    spec
      .given([created, added(ada, 'admin')])
      .when({ type: 'InviteMember', invitationId: 'inv_1', email: ' Bob@Acme.test ', role: 'builder', tokenHash: 'h1', expiresAt: now + 60_000, invitedBy: ada.userId, now: at })
      .then([invited]);
    spec
      .given([created, added(ada, 'admin')])
      .when({ type: 'InviteMember', invitationId: 'inv_9', email: 'ADA@acme.test', role: 'user', tokenHash: 'h9', expiresAt: now, invitedBy: null, now })
      .thenThrows('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.alreadyMember);
  });

  it('accepting adds the invited account with the invited role and closes the invitation, once', () => {
    const history = [created, added(ada, 'admin'), invited];
    const events = spec.given(history).when({ type: 'AcceptInvitation', tokenHash: 'h1', member: bob, now }).events();
    expect(events.map((event) => event.type)).toEqual(['WorkspaceInvitationClosed', 'WorkspaceMemberAdded']);
    expect(events[1]).toMatchObject({ data: { userId: bob.userId, role: 'builder' } });
    spec.given([...history, ...events]).when({ type: 'AcceptInvitation', tokenHash: 'h1', member: bob, now }).thenThrows('invitation_not_found');
  });

  it('refuses an expired invitation, another address, or a withdrawn one', () => {
    const history = [created, added(ada, 'admin'), invited];
    spec.given(history).when({ type: 'AcceptInvitation', tokenHash: 'h1', member: bob, now: now + 60_000 }).thenThrows('invitation_not_found', MEMBERSHIP_ERROR_MESSAGES.invitationExpired);
    spec.given(history).when({ type: 'AcceptInvitation', tokenHash: 'h1', member: person('usrEve0001', 'eve@evil.test'), now }).thenThrows('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.invitationOtherEmail);
    const revoked = spec.given(history).when({ type: 'RevokeInvitation', invitationId: 'inv_1', now }).events();
    expect(revoked).toEqual([{ type: 'WorkspaceInvitationClosed', data: { workspaceId, invitationId: 'inv_1', tokenHash: 'h1', outcome: 'revoked', userId: null, at: now } }]);
    spec.given([...history, ...revoked]).when({ type: 'AcceptInvitation', tokenHash: 'h1', member: bob, now }).thenThrows('invitation_not_found');
  });
});

describe('workspace decider: verified domains', () => {
  const verified: WorkspaceEvent = { type: 'WorkspaceDomainVerified', data: { workspaceId, domain: 'acme.test', at: now } };

  it('verifies a host name once (lower-cased), refuses anything else', () => {
    spec.given([created]).when({ type: 'VerifyDomain', domain: 'ACME.test', now }).then([verified]);
    spec.given([created, verified]).when({ type: 'VerifyDomain', domain: 'acme.test', now }).thenNothing();
    for (const domain of ['', 'localhost', 'acme..test', '-acme.test', 'acme.test/x', 'a'.repeat(64) + '.test']) {
      spec.given([created]).when({ type: 'VerifyDomain', domain, now }).thenThrows('invalid_request_error', MEMBERSHIP_ERROR_MESSAGES.invalidDomain);
    }
  });

  it('lets an address of a verified domain join as a user, and nobody else', () => {
    spec.given([created, verified]).when({ type: 'JoinByVerifiedDomain', member: bob, now }).then([added(bob, 'user', now)]);
    spec.given([created, verified]).when({ type: 'JoinByVerifiedDomain', member: person('usrEve0001', 'eve@acme.test.evil.test'), now }).thenThrows('workspace_auth_error');
    const removed: WorkspaceEvent = { type: 'WorkspaceDomainRemoved', data: { workspaceId, domain: 'acme.test', at: now } };
    spec.given([created, verified, removed]).when({ type: 'JoinByVerifiedDomain', member: bob, now }).thenThrows('workspace_auth_error');
  });

  it('does not bring back by its domain someone an admin removed, until an admin adds them again', () => {
    const bobRemoved: WorkspaceEvent = { type: 'WorkspaceMemberRemoved', data: { workspaceId, userId: bob.userId, at } };
    const history = [created, added(ada, 'admin'), verified, added(bob, 'user'), bobRemoved];
    spec.given(history).when({ type: 'JoinByVerifiedDomain', member: bob, now }).thenThrows('workspace_auth_error', MEMBERSHIP_ERROR_MESSAGES.removedMember);
    spec.given([...history, added(bob, 'builder')]).when({ type: 'JoinByVerifiedDomain', member: bob, now }).thenNothing();
  });
});
