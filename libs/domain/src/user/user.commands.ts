import type { SessionEndReason, SignInLinkPurpose, SignInMethod, UserProvider } from '@app/contracts/events/user.events';

/** Creates the account (nothing when it exists: a repeat of a creation that landed). */
export type RegisterUser = {
  readonly type: 'RegisterUser';
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly image: string | null;
  readonly provider: UserProvider;
  readonly emailVerified: boolean;
  readonly now: number;
};

/** A new password, already hashed by the caller (hashing is slow and salted: not the decider's to do). */
export type SetPassword = { readonly type: 'SetPassword'; readonly passwordHash: string; readonly now: number };

/** A sign-on proved the address: the account becomes the prover's (see UserEmailVerified). Nothing when it is verified already. */
export type VerifyEmail = { readonly type: 'VerifyEmail'; readonly provedBy: 'oidc'; readonly now: number };

export type ChangeProfile = {
  readonly type: 'ChangeProfile';
  readonly firstName?: string;
  readonly lastName?: string | null;
  readonly image?: string | null;
  readonly now: number;
};

/** A session for a sign-in the caller verified (password, OIDC, or a link used in the same batch). */
export type StartSession = {
  readonly type: 'StartSession';
  readonly sessionId: string;
  readonly secretHash: string;
  readonly method: SignInMethod;
  readonly expiresAt: number;
  readonly userAgent: string | null;
  readonly now: number;
};

/** Ends one session, or all of them (`sessionId` null). */
export type EndSessions = { readonly type: 'EndSessions'; readonly sessionId: string | null; readonly reason: SessionEndReason; readonly now: number };

export type IssueSignInLink = {
  readonly type: 'IssueSignInLink';
  readonly linkId: string;
  readonly tokenHash: string;
  readonly purpose: SignInLinkPurpose;
  readonly expiresAt: number;
  readonly now: number;
};

/**
 * Uses a link: a `sign_in` link starts the session given; a `password_reset` link sets the password
 * given (and ends every session). Refused when the link was used, replaced or has expired.
 */
export type UseSignInLink = {
  readonly type: 'UseSignInLink';
  readonly tokenHash: string;
  readonly session: Omit<StartSession, 'type' | 'now' | 'method'> | null;
  readonly passwordHash: string | null;
  readonly now: number;
};

export type CreateUserToken = {
  readonly type: 'CreateUserToken';
  readonly tokenId: string;
  readonly secretHash: string;
  readonly secretPrefix: string;
  readonly name: string;
  readonly expiresAt: number | null;
  readonly now: number;
};

export type RevokeUserToken = { readonly type: 'RevokeUserToken'; readonly tokenId: string; readonly now: number };

export type UserCommand =
  | RegisterUser
  | SetPassword
  | VerifyEmail
  | ChangeProfile
  | StartSession
  | EndSessions
  | IssueSignInLink
  | UseSignInLink
  | CreateUserToken
  | RevokeUserToken;
