import type { GetSpaceResponse, SpaceMemberResponse } from '@app/contracts/http/workspace.types';
import { memberKey, type SpaceDocument, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { renderSpace } from '@app/contracts/render/workspace.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { findVisibleSpace } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** One space the caller can see, with the members of a restricted one (what a space's page shows). */
export class GetSpaceQuery extends Query<GetSpaceResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSpaceQuery)
export class GetSpaceHandler implements IQueryHandler<GetSpaceQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ auth, spaceId }: GetSpaceQuery): Promise<GetSpaceResponse> {
    const space = await findVisibleSpace(this.readModels, auth, spaceId);
    if (!space) throw new ApiError('space_not_found', 'The space you requested was not found.');
    return { space: { ...renderSpace(space), members: await this.members(space) } };
  }

  /** A restricted space's members still in the workspace, in the order they were given; an open space lists none (it is everyone's). */
  private async members(space: SpaceDocument): Promise<SpaceMemberResponse[]> {
    if (!space.isRestricted) return [];
    const memberIds = space.memberIds ?? [];
    const users = await this.readModels.getMany<UserDocument>('users', memberIds.map((id) => memberKey(space.workspaceId, id)));
    return memberIds.flatMap((id) => {
      const user = users.get(memberKey(space.workspaceId, id));
      return user ? [{ sId: user.sId, fullName: user.fullName, email: user.email }] : [];
    });
  }
}
