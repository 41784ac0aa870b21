import type { WorkspaceRole } from '../events/workspace.events';
import type { AccountUser, AccountWorkspace, SessionResponse } from './auth.types';

/** A member of the workspace as its members list shows them: who they are, their role, since when. */
export interface MemberSummary extends Pick<AccountUser, 'sId' | 'email' | 'username' | 'firstName' | 'lastName' | 'fullName' | 'image'> {
  readonly role: WorkspaceRole;
  /** When they became a member, in milliseconds since the epoch. */
  readonly joinedAt: number;
}

/** `GET /api/w/{wId}/members`: oldest membership first. */
export interface ListMembersResponse {
  readonly members: readonly MemberSummary[];
}

/** `PATCH /api/w/{wId}/members/{userId}`. */
export interface MemberResponse {
  readonly member: MemberSummary;
}

/** An open invitation (never its token). */
export interface InvitationSummary {
  readonly invitationId: string;
  readonly email: string;
  readonly role: WorkspaceRole;
  /** The member who invited, or null for a key not bound to a member. */
  readonly invitedBy: string | null;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** `GET /api/w/{wId}/invitations`: the invitations not yet used, withdrawn nor expired, newest first. */
export interface ListInvitationsResponse {
  readonly invitations: readonly InvitationSummary[];
}

/** `POST /api/w/{wId}/invitations`: the only time the link (with its token) is shown. */
export interface CreateInvitationResponse {
  readonly invitation: InvitationSummary;
  readonly url: string;
}

/** `POST /api/auth/invitations/accept`. */
export interface AcceptInvitationResponse {
  /** The workspace joined, with the role the invitation gave. */
  readonly workspace: AccountWorkspace;
  /** A new account's session (its cookie is set too); null when a signed-in person accepted. */
  readonly session: SessionResponse | null;
}

/** `GET /api/v1/w/{wId}/members/emails` (the official client's `getActiveMemberEmailsInWorkspace`). */
export interface MemberEmailsResponse {
  readonly emails: readonly string[];
}

/** A domain whose addresses may join the workspace by single sign-on. */
export interface VerifiedDomain {
  readonly domain: string;
  readonly domainAutoJoinEnabled: boolean;
}

/** `GET /api/v1/w/{wId}/verified_domains` (the official client's `getWorkspaceVerifiedDomains`). */
export interface VerifiedDomainsResponse {
  readonly verified_domains: readonly VerifiedDomain[];
}
