import type { SpaceResponse } from '@app/contracts/http/workspace.types';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { renderSpace } from '@app/contracts/render/workspace.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { canSeeSpace } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** The spaces of the caller's workspace that it can see, oldest first. */
export class ListSpacesQuery extends Query<{ spaces: SpaceResponse[] }> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(ListSpacesQuery)
export class ListSpacesHandler implements IQueryHandler<ListSpacesQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ auth }: ListSpacesQuery): Promise<{ spaces: SpaceResponse[] }> {
    const spaces = await this.readModels.find<SpaceDocument>('spaces', {
      where: { workspaceId: auth.workspace.sId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    return { spaces: spaces.filter((space) => canSeeSpace(auth, space)).map(renderSpace) };
  }
}
