import type { PatchSpaceMembersDto } from '@app/contracts/http/space.dto';
import type { CreateSpaceResponse } from '@app/contracts/http/workspace.types';
import { renderSpace } from '@app/contracts/render/workspace.render';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { ProjectAccess } from '../project-access';

/**
 * Sets who a regular space or a project holds (`PATCH /api/w/{wId}/spaces/{spaceId}/members`):
 * admins only, as in the real service. Every read that honours membership (a project's
 * conversations, files and metadata, mention statuses) follows from the next answer on.
 */
export class SetSpaceMembersCommand extends Command<CreateSpaceResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly body: PatchSpaceMembersDto,
  ) {
    super();
  }
}

@CommandHandler(SetSpaceMembersCommand)
export class SetSpaceMembersHandler implements ICommandHandler<SetSpaceMembersCommand> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, spaceId, body }: SetSpaceMembersCommand): Promise<CreateSpaceResponse> {
    await this.access.space(auth, spaceId);
    if (auth.role !== 'admin') throw new ApiError('workspace_auth_error', 'Only users that are `admins` can administrate space members.');
    const command = { type: 'SetSpaceMembers', spaceId, isRestricted: body.isRestricted, memberIds: body.memberIds } as const;
    const outcome = await this.workspaces.run(auth.workspace.sId, command, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { space: renderSpace(await this.access.space(auth, spaceId)) };
  }
}
