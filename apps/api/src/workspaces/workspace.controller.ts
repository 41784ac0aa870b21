import type { SpaceDocument, WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { renderSpace, renderWorkspace } from '@app/contracts/render/workspace.render';
import { workspaceDecider } from '@app/domain/workspace/workspace.decider';
import { toWorkspaceStreamName } from '@app/domain/workspace/workspace.stream';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandExecutor } from '../application/command-executor';
import { Auth, type AuthContext } from '../auth/auth-context';
import { requireAdmin } from '../auth/roles';
import { ReadModels } from '../infrastructure/read-models.service';
import { parseWorkspaceSettingsUpdate } from './workspace-settings.request';

/** Workspace settings (private family) and the list of spaces (both families). */
@Controller()
export class WorkspaceController {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly readModels: ReadModels,
  ) {}

  @Get('api/w/:wId')
  getWorkspace(@Auth() auth: AuthContext) {
    return { workspace: renderWorkspace(auth.workspace, auth.role) };
  }

  @Post('api/w/:wId')
  @HttpCode(200)
  async updateWorkspace(@Auth() auth: AuthContext, @Body() body: unknown) {
    requireAdmin(auth);
    const changes = parseWorkspaceSettingsUpdate(body);
    const outcome = await this.executor.execute(
      workspaceDecider,
      toWorkspaceStreamName(auth.workspace.sId),
      { type: 'UpdateWorkspaceSettings', changes, now: Date.now() },
      { actor: auth.user?.sId ?? auth.keyId },
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const workspace = (await this.readModels.get<WorkspaceDocument>('workspaces', auth.workspace.sId)) ?? auth.workspace;
    return { workspace: renderWorkspace(workspace, auth.role) };
  }

  @Get(['api/v1/w/:wId/spaces', 'api/w/:wId/spaces'])
  async listSpaces(@Auth() auth: AuthContext) {
    const spaces = await this.readModels.find<SpaceDocument>('spaces', {
      where: { workspaceId: auth.workspace.sId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    return { spaces: spaces.map(renderSpace) };
  }
}
