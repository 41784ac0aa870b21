import { UpsertFolderDto } from '@app/contracts/http/folder.dto';
import type { DeleteFolderResponse, UpsertFolderResponse } from '@app/contracts/http/folder.types';
import { DeleteFolderResponseSchema, UpsertFolderResponseSchema } from '@app/contracts/http/openapi/folder.schema';
import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { DeleteFolderCommand, UpsertFolderCommand } from './commands/folder.commands';
import { DataSourceLookup, type ResolvedDataSource } from './data-source-lookup';
import { dataSourcePaths } from './data-source-paths';

/** Folders of a data source: nodes that documents and tables name among their parents. */
@Controller()
export class FoldersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly lookup: DataSourceLookup,
  ) {}

  @Post(dataSourcePaths('/folders/:folderId'))
  @HttpCode(200)
  @ApiSuccess('Create or replace a folder (admins and builders)', UpsertFolderResponseSchema)
  async upsert(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string | undefined,
    @Param('dsId') dsId: string,
    @Param('folderId') folderId: string,
    @Body() body: UpsertFolderDto,
  ): Promise<UpsertFolderResponse> {
    return this.commandBus.execute(new UpsertFolderCommand(auth, await this.target(auth, spaceId, dsId), folderId, body));
  }

  @Delete(dataSourcePaths('/folders/:folderId'))
  @ApiSuccess('Delete a folder (admins and builders)', DeleteFolderResponseSchema)
  async remove(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string | undefined, @Param('dsId') dsId: string, @Param('folderId') folderId: string): Promise<DeleteFolderResponse> {
    return this.commandBus.execute(new DeleteFolderCommand(auth, await this.target(auth, spaceId, dsId), folderId));
  }

  /** The data source a path names: in its space on canonical paths, wherever it lives on legacy ones. */
  private target(auth: AuthContext, spaceId: string | undefined, dsId: string): Promise<ResolvedDataSource> {
    return spaceId === undefined ? this.lookup.anywhere(auth, dsId) : this.lookup.inSpace(auth, spaceId, dsId);
  }
}
