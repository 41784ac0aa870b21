import type { PatchProjectMetadataDto } from '@app/contracts/http/space.dto';
import type { PatchProjectMetadataResponse } from '@app/contracts/http/project.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { ProjectAccess } from '../project-access';
import { renderProjectMetadata } from '../project-metadata.render';

/**
 * Sets a project's description (`PATCH /api/w/{wId}/spaces/{spaceId}/project_metadata`): a workspace
 * admin or a member of the project, as the real service lets those who administrate the project.
 */
export class UpdateProjectMetadataCommand extends Command<PatchProjectMetadataResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly body: PatchProjectMetadataDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateProjectMetadataCommand)
export class UpdateProjectMetadataHandler implements ICommandHandler<UpdateProjectMetadataCommand> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, spaceId, body }: UpdateProjectMetadataCommand): Promise<PatchProjectMetadataResponse> {
    const space = await this.access.project(auth, spaceId, 'Project metadata');
    const isMember = auth.user !== null && (space.memberIds ?? []).includes(auth.user.sId);
    if (auth.role !== 'admin' && !isMember) {
      throw new ApiError('workspace_auth_error', 'Only project members can update project metadata.');
    }
    const description = body.description === undefined ? space.project.description : body.description;
    const outcome = await this.workspaces.run(auth.workspace.sId, { type: 'UpdateProjectMetadata', spaceId, description }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { projectMetadata: await renderProjectMetadata(this.readModels, await this.access.project(auth, spaceId, 'Project metadata')) };
  }
}
