import type { ListDataSourcesResponse } from '@app/contracts/http/data-source.types';
import type { DataSourceDocument } from '@app/contracts/read-models/data-source.read-models';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { renderDataSource } from '@app/contracts/render/data-source.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { canSeeSpace, SpaceAccess } from '../space-access';

/** Data sources of one space, or (spaceId null) of every space the caller can see, oldest first. */
export class ListDataSourcesQuery extends Query<ListDataSourcesResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string | null,
  ) {
    super();
  }
}

@QueryHandler(ListDataSourcesQuery)
export class ListDataSourcesHandler implements IQueryHandler<ListDataSourcesQuery> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly spaces: SpaceAccess,
  ) {}

  async execute({ auth, spaceId }: ListDataSourcesQuery): Promise<ListDataSourcesResponse> {
    const workspaceId = auth.workspace.sId;
    const sort = [{ field: 'createdAt', direction: 'asc' as const }];
    if (spaceId !== null) {
      const space = await this.spaces.dataSpace(auth, spaceId);
      const inSpace = await this.readModels.find<DataSourceDocument>('dataSources', { where: { workspaceId, spaceId: space.sId }, sort });
      return { data_sources: inSpace.map(renderDataSource) };
    }
    const all = await this.readModels.find<DataSourceDocument>('dataSources', { where: { workspaceId }, sort });
    const spaces = await this.readModels.getMany<SpaceDocument>('spaces', [...new Set(all.map((ds) => ds.spaceId))]);
    const visible = all.filter((ds) => {
      const space = spaces.get(ds.spaceId);
      return space !== undefined && canSeeSpace(auth, space);
    });
    return { data_sources: visible.map(renderDataSource) };
  }
}
