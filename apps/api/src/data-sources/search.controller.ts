import { SearchQueryDto } from '@app/contracts/http/search.dto';
import { SearchDocumentsResponseSchema } from '@app/contracts/http/openapi/search.schema';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { DataSourceLookup } from './data-source-lookup';
import { dataSourcePaths, spacePaths } from './data-source-paths';
import { SearchDocumentsQuery, type SearchEndpointResponse } from './queries/search-documents.query';

/** Search of a data source view and of a whole data source (reference §5.1), on both families. */
@Controller()
export class SearchController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly lookup: DataSourceLookup,
  ) {}

  @Get(spacePaths('/data_source_views/:dsvId/search'))
  @ApiSuccess("Search the documents a data source view shows (the view's parentsIn applies)", SearchDocumentsResponseSchema)
  async searchView(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Param('dsvId') dsvId: string, @Query() query: SearchQueryDto): Promise<SearchEndpointResponse> {
    const { view, dataSource } = await this.lookup.view(auth, spaceId, dsvId);
    return this.queryBus.execute(new SearchDocumentsQuery({ dataSourceId: dataSource.sId, viewParentsIn: view.parentsIn }, query));
  }

  @Get(dataSourcePaths('/search'))
  @ApiSuccess('Search the documents of a data source', SearchDocumentsResponseSchema)
  async searchDataSource(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Query() query: SearchQueryDto): Promise<SearchEndpointResponse> {
    const { dataSource } = spaceId === undefined ? await this.lookup.anywhere(auth, dsId) : await this.lookup.inSpace(auth, spaceId, dsId);
    return this.queryBus.execute(new SearchDocumentsQuery({ dataSourceId: dataSource.sId, viewParentsIn: null }, query));
  }
}
