import type { SignInLinkPurpose, SignInMethod, UserProvider } from '../events/user.events';
import type { WorkspaceRole } from '../events/workspace.events';

/** An account (`accounts` collection, id = user sId). */
export interface AccountDocument {
  [key: string]: unknown;
  /** Global position of the account's registration: the user's numeric id. */
  readonly id: number;
  readonly sId: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly fullName: string;
  readonly image: string | null;
  readonly provider: UserProvider;
  readonly createdAt: number;
  readonly lastLoginAt: number | null;
}

/** An account's password hash (`credentials` collection, id = user sId), apart so no listing carries it. */
export interface CredentialDocument {
  [key: string]: unknown;
  readonly userId: string;
  readonly passwordHash: string;
}

/** A live session (`sessions` collection, id = SHA-256 of the cookie's secret). */
export interface SessionDocument {
  [key: string]: unknown;
  readonly sessionId: string;
  readonly userId: string;
  readonly method: SignInMethod;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly userAgent: string | null;
}

/** An open sign-in or password-reset link (`sign_in_links`, id = SHA-256 of the link's token). */
export interface SignInLinkDocument {
  [key: string]: unknown;
  readonly linkId: string;
  readonly userId: string;
  readonly purpose: SignInLinkPurpose;
  readonly expiresAt: number;
}

/** A live personal access token (`user_tokens`, id = SHA-256 of the token). */
export interface UserTokenDocument {
  [key: string]: unknown;
  readonly tokenId: string;
  readonly userId: string;
  readonly name: string;
  readonly secretPrefix: string;
  readonly createdAt: number;
  readonly expiresAt: number | null;
}

/** An open invitation (`invitations`, id = SHA-256 of the invitation's token). */
export interface InvitationDocument {
  [key: string]: unknown;
  readonly invitationId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly role: WorkspaceRole;
  readonly invitedBy: string | null;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** How a person's name reads in full. */
export function fullNameOf(firstName: string, lastName: string | null): string {
  return lastName ? `${firstName} ${lastName}` : firstName;
}
