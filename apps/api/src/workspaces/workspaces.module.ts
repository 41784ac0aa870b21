import { Module } from '@nestjs/common';
import { ApiKeyUsage } from '../auth/api-key-usage';
import { ApiKeysController } from './api-keys.controller';
import { CreateWorkspaceApiKeyHandler, RevokeWorkspaceApiKeyHandler } from './commands/api-key-admin.commands';
import { CreateApiKeyHandler } from './commands/create-api-key.command';
import { CreateSpaceHandler } from './commands/create-space.command';
import { CreateWorkspaceHandler } from './commands/create-workspace.command';
import { RevokeApiKeyHandler } from './commands/revoke-api-key.command';
import { UpdateWorkspaceSettingsHandler } from './commands/update-workspace-settings.command';
import { GetSpaceHandler } from './queries/get-space.query';
import { GetWorkspaceFeatureFlagsHandler } from './queries/get-workspace-feature-flags.query';
import { GetWorkspaceHandler } from './queries/get-workspace.query';
import { ListApiKeysHandler } from './queries/list-api-keys.query';
import { ListSpacesHandler } from './queries/list-spaces.query';
import { ListWorkspaceModelsHandler } from './queries/list-workspace-models.query';
import { ListWorkspacesHandler } from './queries/list-workspaces.query';
import { WorkspaceController } from './workspace.controller';

/**
 * Workspaces: creation, listing and keys (CLI, first start, and admins over HTTP), settings, allowed models, spaces. Exports the
 * usage record of keys, which the application's key guard writes.
 */
@Module({
  controllers: [WorkspaceController, ApiKeysController],
  providers: [
    CreateWorkspaceHandler,
    CreateApiKeyHandler,
    RevokeApiKeyHandler,
    CreateWorkspaceApiKeyHandler,
    RevokeWorkspaceApiKeyHandler,
    UpdateWorkspaceSettingsHandler,
    GetWorkspaceHandler,
    GetWorkspaceFeatureFlagsHandler,
    ListSpacesHandler,
    GetSpaceHandler,
    ListWorkspaceModelsHandler,
    ListWorkspacesHandler,
    ListApiKeysHandler,
    ApiKeyUsage,
    CreateSpaceHandler,
  ],
  exports: [ApiKeyUsage],
})
export class WorkspacesModule {}
