import { SearchDataSourceViewsQueryDto, SearchNodesDto, SearchUnifiedQueryDto } from '@app/contracts/http/node-search.dto';
import type { SearchDataSourceViewsResponse, SearchNodesResponse, UnifiedSearchEvent } from '@app/contracts/http/node-search.types';
import { SearchDataSourceViewsResponseSchema, SearchNodesResponseSchema } from '@app/contracts/http/openapi/node-search.schema';
import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Response as ExpressResponse } from 'express';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { SearchDataSourceViewsQuery } from './queries/search-data-source-views.query';
import { SearchNodesQuery } from './queries/search-nodes.query';
import { SearchUnifiedQuery } from './queries/search-unified.query';

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

  @Get(['api/v1/w/:wId/search', 'api/w/:wId/search'])
  @ApiOperation({
    summary: 'Node search as a stream (the official client\'s searchUnified)',
    description:
      'A `text/event-stream` of two unnamed events, each one line followed by a blank line: `data: {"knowledgeResults": {nodes, warningCode, nextPageCursor, resultsCount}}`, then `data: {"toolResults": []}` unless `includeTools=false`; the server then closes the stream. Not resumable: a later page is asked for with `cursor`.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'The event stream.', schema: { type: 'string' } })
  async searchUnified(@Auth() auth: AuthContext, @Query() query: SearchUnifiedQueryDto, @Res() response: ExpressResponse): Promise<void> {
    const events: UnifiedSearchEvent[] = await this.queryBus.execute(new SearchUnifiedQuery(auth, query));
    response.status(200).set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    response.end(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''));
  }
}
