import { CreateDataSourceDto, PatchDataSourceViewDto } from '@app/contracts/http/data-source.dto';
import type { CreateDataSourceResponse, DataSourceViewEnvelope, ListDataSourcesResponse, ListDataSourceViewsResponse } from '@app/contracts/http/data-source.types';
import {
  CreateDataSourceResponseSchema,
  DataSourceViewEnvelopeSchema,
  ListDataSourcesResponseSchema,
  ListDataSourceViewsResponseSchema,
} from '@app/contracts/http/openapi/data-source.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CreateDataSourceCommand } from './commands/create-data-source.command';
import { DeleteDataSourceCommand } from './commands/delete-data-source.command';
import { PatchDataSourceViewCommand } from './commands/patch-data-source-view.command';
import { spacePaths } from './data-source-paths';
import { GetDataSourceViewQuery } from './queries/get-data-source-view.query';
import { ListDataSourcesQuery } from './queries/list-data-sources.query';
import { ListDataSourceViewsQuery } from './queries/list-data-source-views.query';

/** Data sources (folders) of a space and their views, on both families. */
@Controller()
export class DataSourcesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(spacePaths('/data_sources'))
  @HttpCode(200)
  @ApiSuccess('Create a folder data source and its default view in a space (admins and builders)', CreateDataSourceResponseSchema)
  create(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Body() body: CreateDataSourceDto): Promise<CreateDataSourceResponse> {
    return this.commandBus.execute(new CreateDataSourceCommand(auth, spaceId, body));
  }

  @Get(spacePaths('/data_sources'))
  @ApiSuccess('List the data sources of a space', ListDataSourcesResponseSchema)
  listInSpace(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string): Promise<ListDataSourcesResponse> {
    return this.queryBus.execute(new ListDataSourcesQuery(auth, spaceId));
  }

  @Get(['api/v1/w/:wId/data_sources', 'api/w/:wId/data_sources'])
  @ApiSuccess('List the data sources of every space the caller can see', ListDataSourcesResponseSchema)
  listAll(@Auth() auth: AuthContext): Promise<ListDataSourcesResponse> {
    return this.queryBus.execute(new ListDataSourcesQuery(auth, null));
  }

  @Delete(spacePaths('/data_sources/:dsId'))
  @ApiSuccess('Delete a data source and its views (admins and builders)', null)
  async remove(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Param('dsId') dsId: string, @Res() response: ExpressResponse): Promise<void> {
    await this.commandBus.execute(new DeleteDataSourceCommand(auth, spaceId, dsId));
    response.status(200).end();
  }

  @Get(spacePaths('/data_source_views'))
  @ApiSuccess('List the data source views of a space', ListDataSourceViewsResponseSchema)
  listViews(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string): Promise<ListDataSourceViewsResponse> {
    return this.queryBus.execute(new ListDataSourceViewsQuery(auth, spaceId));
  }

  @Get(spacePaths('/data_source_views/:dsvId'))
  @ApiSuccess('Get a data source view', DataSourceViewEnvelopeSchema)
  getView(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Param('dsvId') dsvId: string): Promise<DataSourceViewEnvelope> {
    return this.queryBus.execute(new GetDataSourceViewQuery(auth, spaceId, dsvId));
  }

  @Patch(spacePaths('/data_source_views/:dsvId'))
  @ApiSuccess("Change a data source view's parents (admins and builders)", DataSourceViewEnvelopeSchema)
  patchView(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string,
    @Param('dsvId') dsvId: string,
    @Body() body: PatchDataSourceViewDto,
  ): Promise<DataSourceViewEnvelope> {
    return this.commandBus.execute(new PatchDataSourceViewCommand(auth, spaceId, dsvId, body));
  }
}
