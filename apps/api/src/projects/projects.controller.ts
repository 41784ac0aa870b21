import {
  GetProjectMetadataResponseSchema,
  GetSpaceConversationIdsResponseSchema,
  GetSpaceConversationsResponseSchema,
  PatchProjectMetadataResponseSchema,
} from '@app/contracts/http/openapi/project.schema';
import type {
  GetProjectMetadataResponse,
  GetSpaceConversationIdsResponse,
  GetSpaceConversationsResponse,
  PatchProjectMetadataResponse,
} from '@app/contracts/http/project.types';
import { PatchProjectMetadataDto, UpdatedSinceQueryDto } from '@app/contracts/http/space.dto';
import { GetProjectFilesResponseSchema } from '@app/contracts/http/openapi/project-files.schema';
import type { GetProjectFilesResponse } from '@app/contracts/http/project-files.types';
import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { UpdateProjectMetadataCommand } from './commands/update-project-metadata.command';
import { GetProjectMetadataQuery } from './queries/get-project-metadata.query';
import { ListSpaceConversationIdsQuery } from './queries/list-space-conversation-ids.query';
import { ListSpaceConversationsQuery } from './queries/list-space-conversations.query';
import { ListProjectFilesQuery } from './queries/list-project-files.query';

/** A space's conversations and a project's metadata and files: what the real service's connectors sync from. */
@Controller()
export class ProjectsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get(['api/v1/w/:wId/spaces/:spaceId/conversation_ids', 'api/w/:wId/spaces/:spaceId/conversation_ids'])
  @ApiSuccess('List the ids of the live conversations of a space the caller can see', GetSpaceConversationIdsResponseSchema)
  conversationIds(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string): Promise<GetSpaceConversationIdsResponse> {
    return this.queryBus.execute(new ListSpaceConversationIdsQuery(auth, spaceId));
  }

  @Get(['api/v1/w/:wId/spaces/:spaceId/conversations', 'api/w/:wId/spaces/:spaceId/conversations'])
  @ApiSuccess('List the conversations of a space for a data source sync, deleted ones included', GetSpaceConversationsResponseSchema)
  conversations(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string,
    @Query() query: UpdatedSinceQueryDto,
  ): Promise<GetSpaceConversationsResponse> {
    return this.queryBus.execute(new ListSpaceConversationsQuery(auth, spaceId, query.updatedSince ?? null));
  }

  @Get(['api/v1/w/:wId/spaces/:spaceId/project_files', 'api/w/:wId/spaces/:spaceId/project_files'])
  @ApiSuccess("List a project's files (its project_context uploads) as its mount shows them", GetProjectFilesResponseSchema)
  files(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Query() query: UpdatedSinceQueryDto): Promise<GetProjectFilesResponse> {
    return this.queryBus.execute(new ListProjectFilesQuery(auth, spaceId, query.updatedSince ?? null));
  }

  @Get(['api/v1/w/:wId/spaces/:spaceId/project_metadata', 'api/w/:wId/spaces/:spaceId/project_metadata'])
  @ApiSuccess("Get a project's metadata: its description and members", GetProjectMetadataResponseSchema)
  metadata(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string): Promise<GetProjectMetadataResponse> {
    return this.queryBus.execute(new GetProjectMetadataQuery(auth, spaceId));
  }

  @Patch(['api/w/:wId/spaces/:spaceId/project_metadata', 'api/v1/w/:wId/spaces/:spaceId/project_metadata'])
  @ApiSuccess("Set a project's description (admins and the project's members)", PatchProjectMetadataResponseSchema)
  updateMetadata(
    @Auth() auth: AuthContext,
    @Param('spaceId') spaceId: string,
    @Body() body: PatchProjectMetadataDto,
  ): Promise<PatchProjectMetadataResponse> {
    return this.commandBus.execute(new UpdateProjectMetadataCommand(auth, spaceId, body));
  }
}
