import { workspaceSettingsChanges, type UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import type { WorkspaceResponse } from '@app/contracts/http/workspace.types';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { renderWorkspace } from '@app/contracts/render/workspace.render';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** Changes one group of workspace settings (admins only); answers with the workspace as it now is. */
export class UpdateWorkspaceSettingsCommand extends Command<{ workspace: WorkspaceResponse }> {
  constructor(
    readonly auth: AuthContext,
    readonly update: UpdateWorkspaceSettingsDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateWorkspaceSettingsCommand)
export class UpdateWorkspaceSettingsHandler implements ICommandHandler<UpdateWorkspaceSettingsCommand> {
  constructor(
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, update }: UpdateWorkspaceSettingsCommand): Promise<{ workspace: WorkspaceResponse }> {
    requireAdmin(auth);
    const outcome = await this.workspaces.run(auth.workspace.sId, { type: 'UpdateWorkspaceSettings', changes: workspaceSettingsChanges(update) }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const workspace = (await this.readModels.get<WorkspaceDocument>('workspaces', auth.workspace.sId)) ?? auth.workspace;
    return { workspace: renderWorkspace(workspace, auth.role) };
  }
}
