import type { SpaceResponse, WorkspaceResponse } from '@app/contracts/http/workspace.types';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { UpdateWorkspaceSettingsCommand } from './commands/update-workspace-settings.command';
import { GetWorkspaceQuery } from './queries/get-workspace.query';
import { ListSpacesQuery } from './queries/list-spaces.query';
import { parseWorkspaceSettingsUpdate } from './workspace-settings.request';

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
  updateWorkspace(@Auth() auth: AuthContext, @Body() body: unknown): Promise<{ workspace: WorkspaceResponse }> {
    return this.commandBus.execute(new UpdateWorkspaceSettingsCommand(auth, parseWorkspaceSettingsUpdate(body)));
  }

  @Get(['api/v1/w/:wId/spaces', 'api/w/:wId/spaces'])
  listSpaces(@Auth() auth: AuthContext): Promise<{ spaces: SpaceResponse[] }> {
    return this.queryBus.execute(new ListSpacesQuery(auth));
  }
}
