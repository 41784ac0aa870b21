import type { ListInvitationsResponse, ListMembersResponse, MemberEmailsResponse, VerifiedDomainsResponse } from '@app/contracts/http/member.types';
import type { UserDocument, WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ReadModels } from '../../../event-sourcing/reading/read-models';
import { MemberViews } from '../member-views';

/** The members of a workspace, with their roles. */
export class ListWorkspaceMembersQuery extends Query<ListMembersResponse> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

@QueryHandler(ListWorkspaceMembersQuery)
export class ListWorkspaceMembersHandler implements IQueryHandler<ListWorkspaceMembersQuery> {
  constructor(private readonly views: MemberViews) {}

  async execute({ workspaceId }: ListWorkspaceMembersQuery): Promise<ListMembersResponse> {
    return { members: await this.views.list(workspaceId) };
  }
}

/** A workspace's open invitations. */
export class ListInvitationsQuery extends Query<ListInvitationsResponse> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

@QueryHandler(ListInvitationsQuery)
export class ListInvitationsHandler implements IQueryHandler<ListInvitationsQuery> {
  constructor(private readonly views: MemberViews) {}

  async execute({ workspaceId }: ListInvitationsQuery): Promise<ListInvitationsResponse> {
    return { invitations: await this.views.invitations(workspaceId) };
  }
}

/** The members' addresses (every member is active: a removed one has no membership left). */
export class ListMemberEmailsQuery extends Query<MemberEmailsResponse> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

@QueryHandler(ListMemberEmailsQuery)
export class ListMemberEmailsHandler implements IQueryHandler<ListMemberEmailsQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ workspaceId }: ListMemberEmailsQuery): Promise<MemberEmailsResponse> {
    const members = await this.readModels.find<UserDocument>('users', { where: { workspaceId }, sort: [{ field: 'createdAt', direction: 'asc' }] });
    return { emails: members.map((member) => member.email) };
  }
}

/** The workspace's verified domains, whose verified addresses join on single sign-on. */
export class ListVerifiedDomainsQuery extends Query<VerifiedDomainsResponse> {
  constructor(readonly workspace: WorkspaceDocument) {
    super();
  }
}

@QueryHandler(ListVerifiedDomainsQuery)
export class ListVerifiedDomainsHandler implements IQueryHandler<ListVerifiedDomainsQuery> {
  // The guard has just read the workspace's document to authenticate the caller: it holds the domains.
  async execute({ workspace }: ListVerifiedDomainsQuery): Promise<VerifiedDomainsResponse> {
    return { verified_domains: (workspace.verifiedDomains ?? []).map((domain) => ({ domain, domainAutoJoinEnabled: true })) };
  }
}
