import type { UserEvent } from '@app/contracts/events/user.events';
import type { WorkspaceEvent } from '@app/contracts/events/workspace.events';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import type { Projection } from '../projection';
import { invitationProjection } from '../workspace/invitation.projection';
import { userProjection } from '../workspace/user.projection';
import { workspaceProjection } from '../workspace/workspace.projection';
import { accountProjection } from './account.projection';
import { credentialProjection } from './credential.projection';
import { sessionProjection } from './session.projection';
import { signInLinkProjection } from './sign-in-link.projection';
import { userTokenProjection } from './user-token.projection';

const at = 1_700_000_000_000;
const userId = 'usrAda0001';
const workspaceId = 'W0rkspace1';
let position = 0;
const onUser = (event: UserEvent): RecordedEvent => recordedOn(`user-${userId}`, event, (position += 1));
const onWorkspace = (event: WorkspaceEvent): RecordedEvent => recordedOn(`workspace-${workspaceId}`, event, (position += 1));

const registered = onUser({ type: 'UserRegistered', data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: null, image: null, provider: 'email', emailVerified: true, at } });
const password = onUser({ type: 'UserPasswordSet', data: { userId, passwordHash: 'scrypt$1', at } });
const started = onUser({ type: 'UserSessionStarted', data: { userId, sessionId: 'ses_1', secretHash: 'sh1', method: 'password', expiresAt: at + 1_000, userAgent: 'ua', at: at + 5 } });
const ended = onUser({ type: 'UserSessionEnded', data: { userId, sessionId: 'ses_1', secretHash: 'sh1', reason: 'signed_out', at: at + 6 } });
const proved = onUser({ type: 'UserEmailVerified', data: { userId, provedBy: 'oidc', passwordRemoved: true, at: at + 6 } });
const renamed = onUser({ type: 'UserProfileChanged', data: { userId, lastName: 'Lovelace', at: at + 7 } });
const issued = onUser({ type: 'UserSignInLinkIssued', data: { userId, linkId: 'lnk_1', tokenHash: 'lh1', purpose: 'sign_in', expiresAt: at + 9, at } });
const used = onUser({ type: 'UserSignInLinkUsed', data: { userId, linkId: 'lnk_1', tokenHash: 'lh1', at: at + 8 } });
const token = onUser({ type: 'UserTokenCreated', data: { userId, tokenId: 'tok_1', secretHash: 'th1', secretPrefix: 'pat-abcdef', name: 'cli', expiresAt: null, at } });
const tokenRevoked = onUser({ type: 'UserTokenRevoked', data: { userId, tokenId: 'tok_1', secretHash: 'th1', at } });
const wsCreated = onWorkspace({ type: 'WorkspaceCreated', data: { workspaceId, name: 'Acme', region: 'us-central1', at } });
const memberAdded = onWorkspace({ type: 'WorkspaceMemberAdded', data: { workspaceId, userId, email: 'ada@example.com', username: 'ada', fullName: 'Ada', role: 'user', at } });
const roleChanged = onWorkspace({ type: 'WorkspaceMemberRoleChanged', data: { workspaceId, userId, role: 'admin', at } });
const memberRemoved = onWorkspace({ type: 'WorkspaceMemberRemoved', data: { workspaceId, userId, at } });
const invited = onWorkspace({
  type: 'WorkspaceInvitationCreated',
  data: { workspaceId, invitationId: 'inv_1', email: 'bob@example.com', role: 'builder', tokenHash: 'ih1', expiresAt: at + 10, invitedBy: userId, at },
});
const closed = onWorkspace({ type: 'WorkspaceInvitationClosed', data: { workspaceId, invitationId: 'inv_1', tokenHash: 'ih1', outcome: 'accepted', userId: 'usrBob0001', at } });
const verified = onWorkspace({ type: 'WorkspaceDomainVerified', data: { workspaceId, domain: 'example.com', at } });
const unverified = onWorkspace({ type: 'WorkspaceDomainRemoved', data: { workspaceId, domain: 'example.com', at } });

/** Every projection here, over every event it handles, folded once and then again: the second fold changes nothing. */
function idempotent(projection: Projection, events: readonly RecordedEvent[]): void {
  for (let end = 1; end <= events.length; end += 1) {
    const once = project(projection, events.slice(0, end));
    expect(project(projection, [events[end - 1]!], once)).toEqual(once);
  }
}

describe('people projections', () => {
  it('accounts: registered, renamed, last sign-in; never a password', () => {
    const doc = project(accountProjection, [registered, password, started, renamed]).get(userId);
    expect(doc).toEqual({
      id: registered.position,
      sId: userId,
      email: 'ada@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      image: null,
      provider: 'email',
      createdAt: at,
      lastLoginAt: at + 5,
    });
    idempotent(accountProjection, [registered, started, renamed]);
  });

  it('credentials hold the last password hash; a proved address removes one set before it', () => {
    expect(project(credentialProjection, [password]).get(userId)).toEqual({ userId, passwordHash: 'scrypt$1' });
    expect(project(credentialProjection, [password, proved]).size).toBe(0);
    const kept = onUser({ type: 'UserEmailVerified', data: { userId, provedBy: 'oidc', passwordRemoved: false, at: at + 6 } });
    expect(project(credentialProjection, [password, kept]).get(userId)).toEqual({ userId, passwordHash: 'scrypt$1' });
    idempotent(credentialProjection, [password, proved]);
  });

  it('accounts: a proved address is verified', () => {
    const unproved = onUser({ type: 'UserRegistered', data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: null, image: null, provider: 'email', emailVerified: false, at } });
    expect(project(accountProjection, [unproved]).get(userId)?.emailVerified).toBe(false);
    expect(project(accountProjection, [unproved, proved]).get(userId)?.emailVerified).toBe(true);
    idempotent(accountProjection, [unproved, proved]);
  });

  it('sessions, links and tokens live by the hash of their secret until they end', () => {
    expect(project(sessionProjection, [started]).get('sh1')).toEqual({ sessionId: 'ses_1', userId, method: 'password', createdAt: at + 5, expiresAt: at + 1_000, userAgent: 'ua' });
    expect(project(sessionProjection, [started, ended]).size).toBe(0);
    expect(project(signInLinkProjection, [issued]).get('lh1')).toEqual({ linkId: 'lnk_1', userId, purpose: 'sign_in', expiresAt: at + 9 });
    expect(project(signInLinkProjection, [issued, used]).size).toBe(0);
    expect(project(userTokenProjection, [token]).get('th1')).toEqual({ tokenId: 'tok_1', userId, name: 'cli', secretPrefix: 'pat-abcdef', createdAt: at, expiresAt: null });
    expect(project(userTokenProjection, [token, tokenRevoked]).size).toBe(0);
    idempotent(sessionProjection, [started, ended]);
    idempotent(signInLinkProjection, [issued, used]);
    idempotent(userTokenProjection, [token, tokenRevoked]);
  });

  it('members: one document per membership, its role kept current, gone once removed', () => {
    const key = `${workspaceId}:${userId}`;
    expect(project(userProjection, [memberAdded, roleChanged]).get(key)).toMatchObject({ sId: userId, workspaceId, role: 'admin' });
    expect(project(userProjection, [memberAdded, roleChanged, memberRemoved]).size).toBe(0);
    idempotent(userProjection, [memberAdded, roleChanged, memberRemoved]);
  });

  it('invitations are open until closed; the workspace lists its verified domains', () => {
    expect(project(invitationProjection, [invited]).get('ih1')).toEqual({ invitationId: 'inv_1', workspaceId, email: 'bob@example.com', role: 'builder', invitedBy: userId, createdAt: at, expiresAt: at + 10 });
    expect(project(invitationProjection, [invited, closed]).size).toBe(0);
    idempotent(invitationProjection, [invited, closed]);
    expect(project(workspaceProjection, [wsCreated, verified]).get(workspaceId)?.verifiedDomains).toEqual(['example.com']);
    expect(project(workspaceProjection, [wsCreated, verified, unverified]).get(workspaceId)?.verifiedDomains).toEqual([]);
    idempotent(workspaceProjection, [wsCreated, verified, unverified]);
  });
});
