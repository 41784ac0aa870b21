import type { SpaceResponse, WorkspaceResponse } from '@app/contracts/http/workspace.types';
import { UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AdminOnly, Auth, type AuthContext } from '../auth/auth-context';
import { UpdateWorkspaceSettingsCommand } from './commands/update-workspace-settings.command';
import { GetWorkspaceQuery } from './queries/get-workspace.query';
import { ListSpacesQuery } from './queries/list-spaces.query';

/** Workspace settings (private family) and the list of spaces (both families). */
@Controller()
export class WorkspaceController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('api/w/:wId')
  getWorkspace(@Auth() auth: AuthContext): Promise<{ workspace: WorkspaceResponse }> {
    return this.queryBus.execute(new GetWorkspaceQuery(auth));
  }

  @Post('api/w/:wId')
  @HttpCode(200)
  @AdminOnly()
  updateWorkspace(@Auth() auth: AuthContext, @Body() body: UpdateWorkspaceSettingsDto): Promise<{ workspace: WorkspaceResponse }> {
    return this.commandBus.execute(new UpdateWorkspaceSettingsCommand(auth, body));
  }

  @Get(['api/v1/w/:wId/spaces', 'api/w/:wId/spaces'])
  listSpaces(@Auth() auth: AuthContext): Promise<{ spaces: SpaceResponse[] }> {
    return this.queryBus.execute(new ListSpacesQuery(auth));
  }
}
