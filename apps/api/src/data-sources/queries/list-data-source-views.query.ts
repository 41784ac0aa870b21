import type { ListDataSourceViewsResponse } from '@app/contracts/http/data-source.types';
import type { DataSourceDocument, DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import { renderDataSourceView } from '@app/contracts/render/data-source.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { SpaceAccess } from '../space-access';

/** The data source views of a space, oldest first. */
export class ListDataSourceViewsQuery extends Query<ListDataSourceViewsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
  ) {
    super();
  }
}

@QueryHandler(ListDataSourceViewsQuery)
export class ListDataSourceViewsHandler implements IQueryHandler<ListDataSourceViewsQuery> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly spaces: SpaceAccess,
  ) {}

  async execute({ auth, spaceId }: ListDataSourceViewsQuery): Promise<ListDataSourceViewsResponse> {
    const space = await this.spaces.dataSpace(auth, spaceId);
    const views = await this.readModels.find<DataSourceViewDocument>('dataSourceViews', {
      where: { workspaceId: auth.workspace.sId, spaceId: space.sId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    const dataSources = await this.readModels.getMany<DataSourceDocument>('dataSources', views.map((view) => view.dataSourceId));
    return {
      dataSourceViews: views.flatMap((view) => {
        const dataSource = dataSources.get(view.dataSourceId);
        return dataSource ? [renderDataSourceView(view, dataSource)] : [];
      }),
    };
  }
}
