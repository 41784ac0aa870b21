import type { AccountUser, MeResponse } from '@app/contracts/http/auth.types';
import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import { renderWorkspace } from '@app/contracts/render/workspace.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PersonContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { AccountViews, renderAccountUser, renderMemberAsUser, type Membership } from '../account-views';

/**
 * `GET /api/v1/me`: the caller and the workspaces they reach, each with their role. A key bound to
 * a member reaches its own workspace only, and shows the member's account (or, for a member made
 * for a key before accounts existed, the member).
 */
export class GetMeQuery extends Query<MeResponse> {
  constructor(readonly person: PersonContext) {
    super();
  }
}

@QueryHandler(GetMeQuery)
export class GetMeHandler implements IQueryHandler<GetMeQuery> {
  constructor(
    private readonly views: AccountViews,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ person }: GetMeQuery): Promise<MeResponse> {
    const [account, memberships] = await Promise.all([
      this.readModels.get<AccountDocument>('accounts', person.userId),
      this.views.memberships(person.userId, person.keyWorkspaceId ?? undefined),
    ]);
    const user = account ? renderAccountUser(account) : userOfMembership(memberships[0]);
    return { user: { ...user, workspaces: memberships.map(({ workspace, role }) => renderWorkspace(workspace, role)) } };
  }
}

function userOfMembership(membership: Membership | undefined): AccountUser {
  if (!membership) throw new ApiError('user_not_found', 'The user was not found.');
  return renderMemberAsUser(membership.member);
}
