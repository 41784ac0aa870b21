import type { SearchDataSourceViewsQueryDto } from '@app/contracts/http/node-search.dto';
import type { SearchDataSourceViewsResponse } from '@app/contracts/http/node-search.types';
import { renderDataSourceView } from '@app/contracts/render/data-source.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadableViews } from '../readable-views';

/** The readable data source views of the workspace that match every filter given (reference: `searchDataSourceViews`). */
export class SearchDataSourceViewsQuery extends Query<SearchDataSourceViewsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly filter: SearchDataSourceViewsQueryDto,
  ) {
    super();
  }
}

@QueryHandler(SearchDataSourceViewsQuery)
export class SearchDataSourceViewsHandler implements IQueryHandler<SearchDataSourceViewsQuery> {
  constructor(private readonly views: ReadableViews) {}

  async execute({ auth, filter }: SearchDataSourceViewsQuery): Promise<SearchDataSourceViewsResponse> {
    const { dataSourceId, kind, vaultId, vaultKind } = filter;
    const matching = (await this.views.all(auth)).filter(
      ({ view, dataSource, space }) =>
        (dataSourceId === undefined || dataSource.sId === dataSourceId || dataSource.name === dataSourceId) &&
        (kind === undefined || view.kind === kind) &&
        (vaultId === undefined || space.sId === vaultId) &&
        (vaultKind === undefined || space.kind === vaultKind),
    );
    return { data_source_views: matching.map(({ view, dataSource }) => renderDataSourceView(view, dataSource)) };
  }
}
