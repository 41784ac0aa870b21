/**
 * Events of people: one person's account (stream `user-<sId>`: who they are, their password,
 * sign-ins, sessions, sign-in links and personal access tokens) and the claim of an email address
 * (stream `user_email-<sha256 of the address>`, which makes an address belong to one account).
 * Secrets never reach the log: passwords are recorded as scrypt hashes, sessions, links and tokens
 * as the SHA-256 of their secret. Names are never changed once written; adding an optional field
 * is free.
 */

import { streamNameOf } from './stream-name';

/** How an account was created or signs in. */
export type UserProvider = 'email' | 'oidc';
export type SignInMethod = 'password' | 'oidc' | 'link';

/** What a sign-in link is for: a first sign-in (the first admin, an invited person) or a new password. */
export type SignInLinkPurpose = 'sign_in' | 'password_reset';

/** Why a session ended. */
export type SessionEndReason = 'signed_out' | 'revoked' | 'signed_out_everywhere' | 'password_changed' | 'address_proved';

/** Stream of one account. */
export function toUserStreamName(userId: string): string {
  return streamNameOf('user', userId);
}

/** Stream of one email address's claim; `emailHash` is the SHA-256 (hex) of the lower-cased address. */
export function toUserEmailStreamName(emailHash: string): string {
  return streamNameOf('user_email', emailHash);
}

/** The first event of an account. `email` is lower-cased and trimmed. */
export type UserRegistered = {
  readonly type: 'UserRegistered';
  readonly data: {
    readonly userId: string;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string | null;
    readonly image: string | null;
    readonly provider: UserProvider;
    /** Whether the address is proved to be the person's (an OIDC provider said so); see UserEmailVerified. */
    readonly emailVerified: boolean;
    readonly at: number;
  };
};

/** A new password; `passwordHash` is `scrypt$N$r$p$<salt b64>$<hash b64>`, never the password. */
export type UserPasswordSet = {
  readonly type: 'UserPasswordSet';
  readonly data: { readonly userId: string; readonly passwordHash: string; readonly at: number };
};

/**
 * A provider proved that the account's address is its owner's (a sign-on vouched for it) while the
 * account did not know it yet: created by whoever held an invitation's link, or by an operator.
 * From here the account is the prover's: a password set before is removed (`passwordRemoved`), and
 * the sessions and tokens made before end in the same batch.
 */
export type UserEmailVerified = {
  readonly type: 'UserEmailVerified';
  readonly data: { readonly userId: string; readonly provedBy: 'oidc'; readonly passwordRemoved: boolean; readonly at: number };
};

export type UserProfileChanged = {
  readonly type: 'UserProfileChanged';
  readonly data: {
    readonly userId: string;
    readonly firstName?: string;
    readonly lastName?: string | null;
    readonly image?: string | null;
    readonly at: number;
  };
};

/** A session began: what the browser's cookie holds is known only by its hash. */
export type UserSessionStarted = {
  readonly type: 'UserSessionStarted';
  readonly data: {
    readonly userId: string;
    readonly sessionId: string;
    readonly secretHash: string;
    readonly method: SignInMethod;
    readonly expiresAt: number;
    readonly userAgent: string | null;
    readonly at: number;
  };
};

export type UserSessionEnded = {
  readonly type: 'UserSessionEnded';
  readonly data: {
    readonly userId: string;
    readonly sessionId: string;
    readonly secretHash: string;
    readonly reason: SessionEndReason;
    readonly at: number;
  };
};

/** A single-use link, valid until `expiresAt`. */
export type UserSignInLinkIssued = {
  readonly type: 'UserSignInLinkIssued';
  readonly data: {
    readonly userId: string;
    readonly linkId: string;
    readonly tokenHash: string;
    readonly purpose: SignInLinkPurpose;
    readonly expiresAt: number;
    readonly at: number;
  };
};

export type UserSignInLinkUsed = {
  readonly type: 'UserSignInLinkUsed';
  readonly data: { readonly userId: string; readonly linkId: string; readonly tokenHash: string; readonly at: number };
};

/** A personal access token (`Authorization: Bearer pat-…` on both API families, acting as the user). */
export type UserTokenCreated = {
  readonly type: 'UserTokenCreated';
  readonly data: {
    readonly userId: string;
    readonly tokenId: string;
    readonly secretHash: string;
    /** The token's first characters, so a person can tell their tokens apart. */
    readonly secretPrefix: string;
    readonly name: string;
    /** Epoch ms, or null for a token that does not expire. */
    readonly expiresAt: number | null;
    readonly at: number;
  };
};

export type UserTokenRevoked = {
  readonly type: 'UserTokenRevoked';
  readonly data: { readonly userId: string; readonly tokenId: string; readonly secretHash: string; readonly at: number };
};

export type UserEvent =
  | UserRegistered
  | UserPasswordSet
  | UserEmailVerified
  | UserProfileChanged
  | UserSessionStarted
  | UserSessionEnded
  | UserSignInLinkIssued
  | UserSignInLinkUsed
  | UserTokenCreated
  | UserTokenRevoked;

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'UserPasswordSet',
  'UserEmailVerified',
  'UserProfileChanged',
  'UserSessionStarted',
  'UserSessionEnded',
  'UserSignInLinkIssued',
  'UserSignInLinkUsed',
  'UserTokenCreated',
  'UserTokenRevoked',
] as const satisfies readonly UserEvent['type'][];

export function isUserEvent(event: { readonly type: string; readonly data: unknown }): event is UserEvent {
  return (USER_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** An address now belongs to an account (first event of the address's stream, appended with `no_stream`). */
export type UserEmailClaimed = {
  readonly type: 'UserEmailClaimed';
  readonly data: { readonly emailHash: string; readonly userId: string; readonly at: number };
};

export type UserEmailEvent = UserEmailClaimed;

export const USER_EMAIL_EVENT_TYPES = ['UserEmailClaimed'] as const satisfies readonly UserEmailEvent['type'][];

export function isUserEmailEvent(event: { readonly type: string; readonly data: unknown }): event is UserEmailEvent {
  return (USER_EMAIL_EVENT_TYPES as readonly string[]).includes(event.type);
}
