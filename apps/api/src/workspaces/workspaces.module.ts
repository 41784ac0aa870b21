import { Module } from '@nestjs/common';
import { CreateApiKeyHandler } from './commands/create-api-key.command';
import { CreateWorkspaceHandler } from './commands/create-workspace.command';
import { UpdateWorkspaceSettingsHandler } from './commands/update-workspace-settings.command';
import { GetWorkspaceHandler } from './queries/get-workspace.query';
import { ListSpacesHandler } from './queries/list-spaces.query';
import { WorkspaceController } from './workspace.controller';

/** Workspaces: creation and keys (CLI and first start), settings, spaces. */
@Module({
  controllers: [WorkspaceController],
  providers: [CreateWorkspaceHandler, CreateApiKeyHandler, UpdateWorkspaceSettingsHandler, GetWorkspaceHandler, ListSpacesHandler],
})
export class WorkspacesModule {}
