import {
  CreateSpaceResponseSchema,
  GetSpaceResponseSchema,
  GetWorkspaceExistsResponseSchema,
  GetWorkspaceFeatureFlagsResponseSchema,
  GetWorkspaceResponseSchema,
  ListSpacesResponseSchema,
  ListWorkspaceModelsResponseSchema,
} from '@app/contracts/http/openapi/workspace.schema';
import { CreateSpaceDto } from '@app/contracts/http/space.dto';
import type {
  CreateSpaceResponse,
  GetSpaceResponse,
  GetWorkspaceExistsResponse,
  GetWorkspaceFeatureFlagsResponse,
  GetWorkspaceResponse,
  ListSpacesResponse,
  ListWorkspaceModelsResponse,
} from '@app/contracts/http/workspace.types';
import { UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CreateSpaceCommand } from './commands/create-space.command';
import { UpdateWorkspaceSettingsCommand } from './commands/update-workspace-settings.command';
import { GetWorkspaceFeatureFlagsQuery } from './queries/get-workspace-feature-flags.query';
import { GetSpaceQuery } from './queries/get-space.query';
import { GetWorkspaceQuery } from './queries/get-workspace.query';
import { ListWorkspaceModelsQuery } from './queries/list-workspace-models.query';
import { ListSpacesQuery } from './queries/list-spaces.query';

/** Workspace settings and the models it allows (private family), and spaces (both families). */
@Controller()
export class WorkspaceController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('api/w/:wId')
  @ApiSuccess('Get the workspace and its settings', GetWorkspaceResponseSchema)
  getWorkspace(@Auth() auth: AuthContext): Promise<GetWorkspaceResponse> {
    return this.queryBus.execute(new GetWorkspaceQuery(auth));
  }

  @Post('api/w/:wId')
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Update the workspace settings (admins)', GetWorkspaceResponseSchema)
  updateWorkspace(@Auth() auth: AuthContext, @Body() body: UpdateWorkspaceSettingsDto): Promise<GetWorkspaceResponse> {
    return this.commandBus.execute(new UpdateWorkspaceSettingsCommand(auth, body));
  }

  @Get(['api/v1/w/:wId/feature_flags', 'api/w/:wId/feature_flags'])
  @ApiSuccess('List the feature flags turned on for the workspace (FEATURE_FLAGS of this deployment)', GetWorkspaceFeatureFlagsResponseSchema)
  featureFlags(@Auth() auth: AuthContext): Promise<GetWorkspaceFeatureFlagsResponse> {
    return this.queryBus.execute(new GetWorkspaceFeatureFlagsQuery(auth));
  }

  /**
   * The cheapest availability check (the official client's `exists()`): the guard has found the
   * workspace and let the credentials in, or answered 401/404 already; nothing is left to read.
   */
  @Get('api/v1/w/:wId/exists')
  @ApiSuccess('Whether the workspace exists for these credentials: 200 with exists true, else the 401 or 404 of any route', GetWorkspaceExistsResponseSchema)
  exists(): GetWorkspaceExistsResponse {
    return { exists: true };
  }

  @Get('api/w/:wId/models')
  @ApiSuccess("List the models a message may choose (modelSelection): the deployment's, less what the workspace forbids", ListWorkspaceModelsResponseSchema)
  listModels(@Auth() auth: AuthContext): Promise<ListWorkspaceModelsResponse> {
    return this.queryBus.execute(new ListWorkspaceModelsQuery(auth));
  }

  @Get(['api/v1/w/:wId/spaces', 'api/w/:wId/spaces'])
  @ApiSuccess('List the spaces of the workspace', ListSpacesResponseSchema)
  listSpaces(@Auth() auth: AuthContext): Promise<ListSpacesResponse> {
    return this.queryBus.execute(new ListSpacesQuery(auth));
  }

  @Get('api/w/:wId/spaces/:spaceId')
  @ApiSuccess("Get a space the caller can see, with a restricted space's members", GetSpaceResponseSchema)
  getSpace(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string): Promise<GetSpaceResponse> {
    return this.queryBus.execute(new GetSpaceQuery(auth, spaceId));
  }

  @Post(['api/w/:wId/spaces', 'api/v1/w/:wId/spaces'])
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Create a regular space (admins)', CreateSpaceResponseSchema)
  createSpace(@Auth() auth: AuthContext, @Body() body: CreateSpaceDto): Promise<CreateSpaceResponse> {
    return this.commandBus.execute(new CreateSpaceCommand(auth, body));
  }
}
