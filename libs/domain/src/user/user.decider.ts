// The user aggregate (one person's account), read from here:
//   user.commands.ts   what can be asked (secrets arrive hashed: hashing is the caller's)
//   user.decider.ts    decide and evolve (this file), and the Aggregate object
//   user.state.ts      what decide needs: live sessions, open links, live tokens
//   its events: libs/contracts/src/events/user.events.ts; the claim of an address: user-email.decider.ts
import { assertNever } from '@app/contracts/assert-never';
import { toUserStreamName, type SessionEndReason, type UserEvent } from '@app/contracts/events/user.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { UserCommand } from './user.commands';
import type { UserState } from './user.state';

type ActiveUser = Extract<UserState, { status: 'active' }>;

export const USER_ERROR_MESSAGES = {
  notFound: 'The user was not found.',
  linkNotValid: 'This link is not valid any more: it was used, replaced or has expired.',
  linkPurpose: 'This link is not for that.',
} as const;

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'absent') return [];
    const { userId, firstName, lastName, image, provider, emailVerified, now: at } = command;
    return [{ type: 'UserRegistered', data: { userId, email: command.email.trim().toLowerCase(), firstName, lastName, image, provider, emailVerified, at } }];
  }
  if (state.status === 'absent') throw new DomainError('user_not_found', USER_ERROR_MESSAGES.notFound, 404);
  const { userId } = state;
  const at = command.now;
  switch (command.type) {
    case 'SetPassword':
      return [{ type: 'UserPasswordSet', data: { userId, passwordHash: command.passwordHash, at } }, ...endSessions(state, null, 'password_changed', at)];
    case 'VerifyEmail':
      return state.emailVerified ? [] : verifyEmail(state, command.provedBy, at);
    case 'ChangeProfile': {
      const { firstName, lastName, image } = command;
      const changes = { ...(firstName !== undefined ? { firstName } : {}), ...(lastName !== undefined ? { lastName } : {}), ...(image !== undefined ? { image } : {}) };
      return Object.keys(changes).length === 0 ? [] : [{ type: 'UserProfileChanged', data: { userId, ...changes, at } }];
    }
    case 'StartSession': {
      if (state.sessions.has(command.sessionId)) return [];
      const { sessionId, secretHash, method, expiresAt, userAgent } = command;
      return [{ type: 'UserSessionStarted', data: { userId, sessionId, secretHash, method, expiresAt, userAgent, at } }];
    }
    case 'EndSessions':
      return endSessions(state, command.sessionId, command.reason, at);
    case 'IssueSignInLink': {
      const { linkId, tokenHash, purpose, expiresAt } = command;
      return [{ type: 'UserSignInLinkIssued', data: { userId, linkId, tokenHash, purpose, expiresAt, at } }];
    }
    case 'UseSignInLink':
      return useLink(state, command, at);
    case 'CreateUserToken': {
      if (state.tokens.has(command.tokenId)) return [];
      const { tokenId, secretHash, secretPrefix, name, expiresAt } = command;
      return [{ type: 'UserTokenCreated', data: { userId, tokenId, secretHash, secretPrefix, name, expiresAt, at } }];
    }
    case 'RevokeUserToken': {
      const secretHash = state.tokens.get(command.tokenId);
      return secretHash === undefined ? [] : [{ type: 'UserTokenRevoked', data: { userId, tokenId: command.tokenId, secretHash, at } }];
    }
    default:
      return assertNever(command);
  }
}

/** A link works once, before it expires; a newer link of the same purpose does not void older ones. */
function useLink(state: ActiveUser, command: Extract<UserCommand, { type: 'UseSignInLink' }>, at: number): UserEvent[] {
  const link = state.links.get(command.tokenHash);
  if (!link || link.expiresAt <= at) throw new DomainError('invalid_request_error', USER_ERROR_MESSAGES.linkNotValid);
  const { userId } = state;
  const used: UserEvent = { type: 'UserSignInLinkUsed', data: { userId, linkId: link.linkId, tokenHash: command.tokenHash, at } };
  if (link.purpose === 'password_reset') {
    if (command.passwordHash === null) throw new DomainError('invalid_request_error', USER_ERROR_MESSAGES.linkPurpose);
    return [used, { type: 'UserPasswordSet', data: { userId, passwordHash: command.passwordHash, at } }, ...endSessions(state, null, 'password_changed', at)];
  }
  if (command.session === null) throw new DomainError('invalid_request_error', USER_ERROR_MESSAGES.linkPurpose);
  const { sessionId, secretHash, expiresAt, userAgent } = command.session;
  const password: UserEvent[] = command.passwordHash === null ? [] : [{ type: 'UserPasswordSet', data: { userId, passwordHash: command.passwordHash, at } }];
  return [used, ...password, { type: 'UserSessionStarted', data: { userId, sessionId, secretHash, method: 'link', expiresAt, userAgent, at } }];
}

/**
 * The address proved, whatever someone set before the proof is not the owner's to trust: the
 * password goes, and every session and token ends.
 */
function verifyEmail(state: ActiveUser, provedBy: 'oidc', at: number): UserEvent[] {
  const { userId } = state;
  const revoked: UserEvent[] = [...state.tokens].map(([tokenId, secretHash]) => ({ type: 'UserTokenRevoked', data: { userId, tokenId, secretHash, at } }));
  return [{ type: 'UserEmailVerified', data: { userId, provedBy, passwordRemoved: state.hasPassword, at } }, ...endSessions(state, null, 'address_proved', at), ...revoked];
}

function endSessions(state: ActiveUser, sessionId: string | null, reason: SessionEndReason, at: number): UserEvent[] {
  const ending = [...state.sessions].filter(([id]) => sessionId === null || id === sessionId);
  return ending.map(([id, secretHash]) => ({ type: 'UserSessionEnded', data: { userId: state.userId, sessionId: id, secretHash, reason, at } }));
}

function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, email, emailVerified } = event.data;
    return { status: 'active', userId, email, emailVerified, hasPassword: false, sessions: new Map(), links: new Map(), tokens: new Map() };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'UserPasswordSet':
      return { ...state, hasPassword: true };
    case 'UserEmailVerified':
      return { ...state, emailVerified: true, hasPassword: state.hasPassword && !event.data.passwordRemoved };
    case 'UserProfileChanged':
      return state;
    case 'UserSessionStarted':
      return { ...state, sessions: new Map(state.sessions).set(event.data.sessionId, event.data.secretHash) };
    case 'UserSessionEnded': {
      const sessions = new Map(state.sessions);
      sessions.delete(event.data.sessionId);
      return { ...state, sessions };
    }
    case 'UserSignInLinkIssued': {
      const { linkId, purpose, expiresAt, tokenHash } = event.data;
      return { ...state, links: new Map(state.links).set(tokenHash, { linkId, purpose, expiresAt }) };
    }
    case 'UserSignInLinkUsed': {
      const links = new Map(state.links);
      links.delete(event.data.tokenHash);
      return { ...state, links };
    }
    case 'UserTokenCreated':
      return { ...state, tokens: new Map(state.tokens).set(event.data.tokenId, event.data.secretHash) };
    case 'UserTokenRevoked': {
      const tokens = new Map(state.tokens);
      tokens.delete(event.data.tokenId);
      return { ...state, tokens };
    }
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = { decide, evolve, initialState: () => ({ status: 'absent' }) };

/** One person's account, by user sId. */
export const userAggregate: Aggregate<UserCommand, UserEvent, UserState> = { decider: userDecider, streamName: toUserStreamName };
