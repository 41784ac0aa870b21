import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { CreateInvitationResponse, ListInvitationsResponse, ListMembersResponse, MemberResponse } from '@app/contracts/http/member.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/**
 * The workspace's members and invitations (`/api/w/{wId}/members`, `…/invitations`): any member
 * lists the members; the rest is for admins, and the api refuses the others.
 */
export class MembersApi {
  constructor(private readonly client: ApiClient) {}

  /** Oldest membership first. */
  list(wId: string, options?: RequestOptions): Promise<ListMembersResponse> {
    return this.client.get(apiPath`/api/w/${wId}/members`, options);
  }

  /** A new role; the api refuses to demote the last admin. */
  changeRole(wId: string, userId: string, role: WorkspaceRole): Promise<MemberResponse> {
    return this.client.patch(apiPath`/api/w/${wId}/members/${userId}`, { role });
  }

  /** Ends the membership: the person's sessions and tokens stop reaching the workspace at once. */
  remove(wId: string, userId: string): Promise<void> {
    return this.client.delete(apiPath`/api/w/${wId}/members/${userId}`);
  }

  /** The invitations not yet used, withdrawn nor expired, newest first (never their links). */
  invitations(wId: string, options?: RequestOptions): Promise<ListInvitationsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/invitations`, options);
  }

  /** Invites an address with a role: the answer holds the link, the only time it is shown. */
  invite(wId: string, email: string, role: WorkspaceRole): Promise<CreateInvitationResponse> {
    return this.client.post(apiPath`/api/w/${wId}/invitations`, { email, role });
  }

  /** Withdraws an open invitation: its link stops working. */
  revokeInvitation(wId: string, invitationId: string): Promise<void> {
    return this.client.delete(apiPath`/api/w/${wId}/invitations/${invitationId}`);
  }
}
