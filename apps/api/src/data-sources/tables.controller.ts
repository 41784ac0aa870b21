import type { UpdatedResponse } from '@app/contracts/http/data-source.types';
import { ListTableRowsQueryDto, UpdateTableParentsDto, UpsertTableDto, UpsertTableFromCsvDto, UpsertTableRowsDto } from '@app/contracts/http/table.dto';
import type { GetTableResponse, GetTableRowResponse, ListTableRowsResponse, ListTablesResponse, SuccessResponse, UpsertTableRowsResponse } from '@app/contracts/http/table.types';
import { UpdatedResponseSchema } from '@app/contracts/http/openapi/data-source.schema';
import {
  GetTableResponseSchema,
  GetTableRowResponseSchema,
  ListTableRowsResponseSchema,
  ListTablesResponseSchema,
  SuccessResponseSchema,
  UpsertTableRowsResponseSchema,
} from '@app/contracts/http/openapi/table.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { RateLimit } from '../rate-limits/route-rate-limit.decorator';
import { DeleteTableRowCommand } from './commands/delete-table-row.command';
import { DeleteTableCommand } from './commands/delete-table.command';
import { UpdateTableParentsCommand } from './commands/update-table-parents.command';
import { UpsertTableFromCsvCommand, type TableIdResponse } from './commands/upsert-table-from-csv.command';
import { UpsertTableRowsCommand } from './commands/upsert-table-rows.command';
import { UpsertTableCommand } from './commands/upsert-table.command';
import { DataSourceLookup, type ResolvedDataSource } from './data-source-lookup';
import { dataSourcePaths } from './data-source-paths';
import { GetTableQuery, GetTableRowQuery, ListTableRowsQuery, ListTablesQuery } from './queries/table.queries';

/** Table writes share one budget per workspace, as document upserts do. */

/** Tables of a data source and their rows (dust-api §5.4), on canonical and legacy paths of both families. */
@Controller()
export class TablesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly lookup: DataSourceLookup,
  ) {}

  @Get(dataSourcePaths('/tables'))
  @ApiSuccess('List the tables of a data source', ListTablesResponseSchema)
  async list(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string): Promise<ListTablesResponse> {
    return this.queryBus.execute(new ListTablesQuery(await this.target(auth, spaceId, dsId)));
  }

  @Post(dataSourcePaths('/tables'))
  @HttpCode(200)
  @RateLimit('table_writes')
  @ApiSuccess("Create a table or replace its metadata (admins and builders; names unique in the data source)", GetTableResponseSchema)
  async upsert(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Body() body: UpsertTableDto): Promise<GetTableResponse> {
    return this.commandBus.execute(new UpsertTableCommand(auth, await this.target(auth, spaceId, dsId), body));
  }

  @Post(dataSourcePaths('/tables/csv'))
  @HttpCode(200)
  @RateLimit('table_writes')
  @ApiSuccess('Create or fill a table from an uploaded CSV file (use case upsert_table; admins and builders)', UpsertTableRowsResponseSchema)
  async upsertCsv(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Body() body: UpsertTableFromCsvDto): Promise<UpsertTableRowsResponse | TableIdResponse> {
    return this.commandBus.execute(new UpsertTableFromCsvCommand(auth, await this.target(auth, spaceId, dsId), body));
  }

  @Get(dataSourcePaths('/tables/:tableId'))
  @ApiSuccess('Get a table and its schema', GetTableResponseSchema)
  async get(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Param('tableId') tableId: string): Promise<GetTableResponse> {
    return this.queryBus.execute(new GetTableQuery(await this.target(auth, spaceId, dsId), tableId));
  }

  @Delete(dataSourcePaths('/tables/:tableId'))
  @ApiSuccess('Delete a table and its rows (admins and builders)', null)
  async remove(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Param('tableId') tableId: string): Promise<void> {
    await this.commandBus.execute(new DeleteTableCommand(auth, await this.target(auth, spaceId, dsId), tableId));
  }

  @Post(dataSourcePaths('/tables/:tableId/parents'))
  @HttpCode(200)
  @ApiSuccess("Set a table's parents (admins and builders)", UpdatedResponseSchema)
  async parents(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('tableId') tableId: string,
    @Body() body: UpdateTableParentsDto,
  ): Promise<UpdatedResponse> {
    return this.commandBus.execute(new UpdateTableParentsCommand(auth, await this.target(auth, spaceId, dsId), tableId, body));
  }

  @Get(dataSourcePaths('/tables/:tableId/rows'))
  @ApiSuccess('List rows of a table, in the order they were first upserted', ListTableRowsResponseSchema)
  async rows(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('tableId') tableId: string,
    @Query() query: ListTableRowsQueryDto,
  ): Promise<ListTableRowsResponse> {
    return this.queryBus.execute(new ListTableRowsQuery(await this.target(auth, spaceId, dsId), tableId, query));
  }

  @Post(dataSourcePaths('/tables/:tableId/rows'))
  @HttpCode(200)
  @RateLimit('table_writes')
  @ApiSuccess('Upsert rows of a table, optionally truncating it first (admins and builders)', UpsertTableRowsResponseSchema)
  async upsertRows(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('tableId') tableId: string,
    @Body() body: UpsertTableRowsDto,
  ): Promise<UpsertTableRowsResponse> {
    return this.commandBus.execute(new UpsertTableRowsCommand(auth, await this.target(auth, spaceId, dsId), tableId, body));
  }

  @Get(dataSourcePaths('/tables/:tableId/rows/:rowId'))
  @ApiSuccess('Get one row of a table', GetTableRowResponseSchema)
  async row(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('tableId') tableId: string,
    @Param('rowId') rowId: string,
  ): Promise<GetTableRowResponse> {
    return this.queryBus.execute(new GetTableRowQuery(await this.target(auth, spaceId, dsId), tableId, rowId));
  }

  @Delete(dataSourcePaths('/tables/:tableId/rows/:rowId'))
  @ApiSuccess('Delete one row of a table (admins and builders)', SuccessResponseSchema)
  async removeRow(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('tableId') tableId: string,
    @Param('rowId') rowId: string,
  ): Promise<SuccessResponse> {
    return this.commandBus.execute(new DeleteTableRowCommand(auth, await this.target(auth, spaceId, dsId), tableId, rowId));
  }

  /** The data source a path names: in its space on canonical paths, wherever it lives on legacy ones. */
  private target(auth: AuthContext, spaceId: string | undefined, dsId: string): Promise<ResolvedDataSource> {
    return spaceId === undefined ? this.lookup.anywhere(auth, dsId) : this.lookup.inSpace(auth, spaceId, dsId);
  }
}
