import { SearchDataSourceViewsQueryDto, SearchNodesDto } from '@app/contracts/http/node-search.dto';
import type { SearchDataSourceViewsResponse, SearchNodesResponse } from '@app/contracts/http/node-search.types';
import { SearchDataSourceViewsResponseSchema, SearchNodesResponseSchema } from '@app/contracts/http/openapi/node-search.schema';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { SearchDataSourceViewsQuery } from './queries/search-data-source-views.query';
import { SearchNodesQuery } from './queries/search-nodes.query';

/** Workspace-wide searches over what the caller can read: data source views, and content nodes. */
@Controller()
export class NodeSearchController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(['api/v1/w/:wId/data_source_views/search', 'api/w/:wId/data_source_views/search'])
  @ApiSuccess('The data source views the caller can read that match every filter given', SearchDataSourceViewsResponseSchema)
  searchViews(@Auth() auth: AuthContext, @Query() query: SearchDataSourceViewsQueryDto): Promise<SearchDataSourceViewsResponse> {
    return this.queryBus.execute(new SearchDataSourceViewsQuery(auth, query));
  }

  @Post(['api/v1/w/:wId/search', 'api/w/:wId/search'])
  @HttpCode(200)
  @ApiSuccess('Documents, tables and folders of the readable data source views whose title holds the query, or whose id is asked for', SearchNodesResponseSchema)
  searchNodes(@Auth() auth: AuthContext, @Body() body: SearchNodesDto): Promise<SearchNodesResponse> {
    return this.queryBus.execute(new SearchNodesQuery(auth, body));
  }
}
