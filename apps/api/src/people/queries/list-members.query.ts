import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { UserDocument, WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** A member of a workspace as the administration CLI lists them. */
export interface MemberSummary {
  readonly userId: string;
  readonly email: string;
  readonly fullName: string;
  readonly role: WorkspaceRole;
  readonly joinedAt: string;
}

/** The members of a workspace, oldest membership first. */
export class ListMembersQuery extends Query<MemberSummary[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

@QueryHandler(ListMembersQuery)
export class ListMembersHandler implements IQueryHandler<ListMembersQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ workspaceId }: ListMembersQuery): Promise<MemberSummary[]> {
    if (!(await this.readModels.get<WorkspaceDocument>('workspaces', workspaceId))) throw new ApiError('workspace_not_found', 'The workspace was not found.');
    const members = await this.readModels.find<UserDocument>('users', { where: { workspaceId }, sort: [{ field: 'createdAt', direction: 'asc' }] });
    return members.map((member) => ({
      userId: member.sId,
      email: member.email,
      fullName: member.fullName,
      role: member.role,
      joinedAt: new Date(member.createdAt).toISOString(),
    }));
  }
}
