import type { UserEvent } from '@app/contracts/events/user.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import { userEmailDecider } from './user-email.decider';
import type { RegisterUser } from './user.commands';
import { USER_ERROR_MESSAGES, userDecider } from './user.decider';

const spec = deciderSpec(userDecider);
const at = 1_700_000_000_000;
const now = at + 1_000;
const userId = 'usrAda0001';
const register: RegisterUser = {
  type: 'RegisterUser',
  userId,
  email: ' Ada@Example.COM ',
  firstName: 'Ada',
  lastName: 'Lovelace',
  image: null,
  provider: 'email',
  emailVerified: true,
  now: at,
};
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', image: null, provider: 'email', emailVerified: true, at },
};
const session = (sessionId: string, secretHash: string): UserEvent => ({
  type: 'UserSessionStarted',
  data: { userId, sessionId, secretHash, method: 'password', expiresAt: now + 60_000, userAgent: null, at },
});
const link = (tokenHash: string, purpose: 'sign_in' | 'password_reset', expiresAt = now + 60_000): UserEvent => ({
  type: 'UserSignInLinkIssued',
  data: { userId, linkId: `lnk_${tokenHash}`, tokenHash, purpose, expiresAt, at },
});

describe('user decider', () => {
  it('registers once, with the address lower-cased and trimmed', () => {
    spec.given([]).when(register).then([registered]);
    spec.given([registered]).when(register).thenNothing();
  });

  it('refuses everything else on an account that does not exist', () => {
    spec.given([]).when({ type: 'SetPassword', passwordHash: 'scrypt$x', now }).thenThrows('user_not_found', USER_ERROR_MESSAGES.notFound);
  });

  it('a new password ends every session', () => {
    const events = spec.given([registered, session('ses_1', 'h1'), session('ses_2', 'h2')]).when({ type: 'SetPassword', passwordHash: 'scrypt$x', now }).events();
    expect(events.map((event) => event.type)).toEqual(['UserPasswordSet', 'UserSessionEnded', 'UserSessionEnded']);
    expect(events.slice(1).map((event) => (event.type === 'UserSessionEnded' ? [event.data.sessionId, event.data.reason] : null))).toEqual([
      ['ses_1', 'password_changed'],
      ['ses_2', 'password_changed'],
    ]);
  });

  it('ends one session, or all; ending one that is over records nothing', () => {
    const history = [registered, session('ses_1', 'h1'), session('ses_2', 'h2')];
    spec.given(history).when({ type: 'EndSessions', sessionId: 'ses_2', reason: 'signed_out', now }).then([
      { type: 'UserSessionEnded', data: { userId, sessionId: 'ses_2', secretHash: 'h2', reason: 'signed_out', at: now } },
    ]);
    expect(spec.given(history).when({ type: 'EndSessions', sessionId: null, reason: 'signed_out_everywhere', now }).events()).toHaveLength(2);
    spec.given(history).when({ type: 'EndSessions', sessionId: 'ses_9', reason: 'revoked', now }).thenNothing();
  });

  it('a sign-in link works once before it expires and starts the session it is given', () => {
    const history = [registered, link('t1', 'sign_in')];
    const command = { type: 'UseSignInLink' as const, tokenHash: 't1', session: { sessionId: 'ses_9', secretHash: 'h9', expiresAt: now + 1, userAgent: 'ua' }, passwordHash: null, now };
    const events = spec.given(history).when(command).events();
    expect(events.map((event) => event.type)).toEqual(['UserSignInLinkUsed', 'UserSessionStarted']);
    expect(events[1]).toMatchObject({ data: { sessionId: 'ses_9', method: 'link' } });
    spec.given([...history, ...events]).when(command).thenThrows('invalid_request_error', USER_ERROR_MESSAGES.linkNotValid);
    spec.given([registered, link('t1', 'sign_in', now)]).when(command).thenThrows('invalid_request_error', USER_ERROR_MESSAGES.linkNotValid);
  });

  it('a reset link needs a password, sets it and ends every session; it cannot start one', () => {
    const history = [registered, session('ses_1', 'h1'), link('t2', 'password_reset')];
    spec.given(history).when({ type: 'UseSignInLink', tokenHash: 't2', session: null, passwordHash: null, now }).thenThrows('invalid_request_error', USER_ERROR_MESSAGES.linkPurpose);
    const events = spec.given(history).when({ type: 'UseSignInLink', tokenHash: 't2', session: null, passwordHash: 'scrypt$new', now }).events();
    expect(events.map((event) => event.type)).toEqual(['UserSignInLinkUsed', 'UserPasswordSet', 'UserSessionEnded']);
  });

  it("a proved address makes an unproved account its prover's: the password goes, every session and token ends; once only", () => {
    const unproved: UserEvent = { type: 'UserRegistered', data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', image: null, provider: 'email', emailVerified: false, at } };
    const token: UserEvent = { type: 'UserTokenCreated', data: { userId, tokenId: 'tok_1', secretHash: 'th', secretPrefix: 'pat-abcdef', name: 'cli', expiresAt: null, at } };
    const password: UserEvent = { type: 'UserPasswordSet', data: { userId, passwordHash: 'scrypt$planted', at } };
    const history = [unproved, password, session('ses_1', 'h1'), token];
    const events = spec.given(history).when({ type: 'VerifyEmail', provedBy: 'oidc', now }).events();
    expect(events).toEqual([
      { type: 'UserEmailVerified', data: { userId, provedBy: 'oidc', passwordRemoved: true, at: now } },
      { type: 'UserSessionEnded', data: { userId, sessionId: 'ses_1', secretHash: 'h1', reason: 'address_proved', at: now } },
      { type: 'UserTokenRevoked', data: { userId, tokenId: 'tok_1', secretHash: 'th', at: now } },
    ]);
    spec.given([...history, ...events]).when({ type: 'VerifyEmail', provedBy: 'oidc', now }).thenNothing();
    // No password to remove; an account proved from the start keeps what it has.
    spec.given([unproved]).when({ type: 'VerifyEmail', provedBy: 'oidc', now }).then([{ type: 'UserEmailVerified', data: { userId, provedBy: 'oidc', passwordRemoved: false, at: now } }]);
    spec.given([registered, password, session('ses_1', 'h1')]).when({ type: 'VerifyEmail', provedBy: 'oidc', now }).thenNothing();
  });

  it('creates a token once and revokes it once', () => {
    const create = { type: 'CreateUserToken' as const, tokenId: 'tok_1', secretHash: 'th', secretPrefix: 'pat-abcdef', name: 'cli', expiresAt: null, now };
    const created = spec.given([registered]).when(create).events();
    expect(created).toEqual([{ type: 'UserTokenCreated', data: { userId, tokenId: 'tok_1', secretHash: 'th', secretPrefix: 'pat-abcdef', name: 'cli', expiresAt: null, at: now } }]);
    spec.given([registered, ...created]).when(create).thenNothing();
    const revoked = spec.given([registered, ...created]).when({ type: 'RevokeUserToken', tokenId: 'tok_1', now }).events();
    expect(revoked).toEqual([{ type: 'UserTokenRevoked', data: { userId, tokenId: 'tok_1', secretHash: 'th', at: now } }]);
    spec.given([registered, ...created, ...revoked]).when({ type: 'RevokeUserToken', tokenId: 'tok_1', now }).thenNothing();
  });

  it('changes only the profile fields given', () => {
    spec.given([registered]).when({ type: 'ChangeProfile', now }).thenNothing();
    spec.given([registered]).when({ type: 'ChangeProfile', lastName: null, now }).then([{ type: 'UserProfileChanged', data: { userId, lastName: null, at: now } }]);
  });
});

describe('user email claim', () => {
  const claims = deciderSpec(userEmailDecider);

  it('belongs to the first account that claims it', () => {
    claims.given([]).when({ type: 'ClaimUserEmail', emailHash: 'e1', userId: 'usrA', now }).then([{ type: 'UserEmailClaimed', data: { emailHash: 'e1', userId: 'usrA', at: now } }]);
    claims.given([{ type: 'UserEmailClaimed', data: { emailHash: 'e1', userId: 'usrA', at } }]).when({ type: 'ClaimUserEmail', emailHash: 'e1', userId: 'usrB', now }).thenNothing();
  });
});
