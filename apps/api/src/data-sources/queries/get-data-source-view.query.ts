import type { DataSourceViewEnvelope } from '@app/contracts/http/data-source.types';
import { renderDataSourceView } from '@app/contracts/render/data-source.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { DataSourceLookup } from '../data-source-lookup';

/** One data source view of a space. */
export class GetDataSourceViewQuery extends Query<DataSourceViewEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly dsvId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDataSourceViewQuery)
export class GetDataSourceViewHandler implements IQueryHandler<GetDataSourceViewQuery> {
  constructor(private readonly lookup: DataSourceLookup) {}

  async execute({ auth, spaceId, dsvId }: GetDataSourceViewQuery): Promise<DataSourceViewEnvelope> {
    const { view, dataSource } = await this.lookup.view(auth, spaceId, dsvId);
    return { dataSourceView: renderDataSourceView(view, dataSource) };
  }
}
