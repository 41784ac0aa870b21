import type { WorkspaceRole } from '../events/workspace.events';
import type { UserWire } from './resource.types';
import type { WorkspaceResponse } from './workspace.types';

/** A person as the account routes show them: the official client's User shape. */
export type AccountUser = UserWire;

/** A workspace a person belongs to, with their role there. */
export interface AccountWorkspace {
  readonly id: number;
  readonly sId: string;
  readonly name: string;
  readonly role: WorkspaceRole;
}

/** `GET /api/auth/session` and the sign-in answers: who is signed in, their workspaces, the CSRF token their page sends on writes. */
export interface SessionResponse {
  readonly user: AccountUser;
  readonly workspaces: readonly AccountWorkspace[];
  readonly csrfToken: string;
  readonly sessionId: string;
  readonly expiresAt: number;
}

/** A session as its owner lists it. */
export interface SessionSummary {
  readonly sessionId: string;
  readonly method: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly userAgent: string | null;
  readonly current: boolean;
}

export interface ListSessionsResponse {
  readonly sessions: readonly SessionSummary[];
}

/** A personal access token as its owner lists it (never its secret). */
export interface UserTokenSummary {
  readonly tokenId: string;
  readonly name: string;
  readonly prefix: string;
  readonly createdAt: number;
  readonly expiresAt: number | null;
}

export interface ListUserTokensResponse {
  readonly tokens: readonly UserTokenSummary[];
}

/** A token just created: the only time its secret is shown. */
export interface CreateUserTokenResponse {
  readonly token: string;
  readonly tokenId: string;
  readonly name: string;
  readonly expiresAt: number | null;
}

/** `GET /api/v1/me` (the official client's `me()`): the user and the workspaces they reach, with their role in each. */
export interface MeResponse {
  readonly user: MeUser;
}

/** The user of `GET /api/v1/me`, with the workspaces they reach. */
export interface MeUser extends AccountUser {
  readonly workspaces: readonly WorkspaceResponse[];
}
