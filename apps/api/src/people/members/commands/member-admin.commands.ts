import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { MemberResponse } from '@app/contracts/http/member.types';
import { MEMBERSHIP_ERROR_MESSAGES } from '@app/domain/workspace/workspace.decide-members';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { ApiError } from '../../../common/http/api-error';
import { ReadModels } from '../../../event-sourcing/reading/read-models';
import { ChangeMemberRoleCommand, RemoveMemberCommand } from '../../commands/member.commands';
import { MemberViews } from '../member-views';

// An admin's changes to a membership over HTTP: the shared membership commands (the CLI's too),
// then the wait for the read models, so the answer and every next request see the change.

/** `PATCH /api/w/{wId}/members/{userId}`: a new role; answers the member as the read models now show them. */
export class UpdateMemberCommand extends Command<MemberResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly userId: string,
    readonly role: WorkspaceRole,
  ) {
    super();
  }
}

@CommandHandler(UpdateMemberCommand)
export class UpdateMemberHandler implements ICommandHandler<UpdateMemberCommand> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly readModels: ReadModels,
    private readonly views: MemberViews,
  ) {}

  async execute({ auth, userId, role }: UpdateMemberCommand): Promise<MemberResponse> {
    const workspaceId = auth.workspace.sId;
    const change = await this.commandBus.execute(new ChangeMemberRoleCommand(workspaceId, { userId }, role, auth));
    if (change.position !== null) await this.readModels.waitFor(change.position);
    const member = await this.views.get(workspaceId, userId);
    // Removed meanwhile by another admin.
    if (!member) throw new ApiError('workspace_user_not_found', MEMBERSHIP_ERROR_MESSAGES.notMember);
    return { member };
  }
}

/**
 * `DELETE /api/w/{wId}/members/{userId}`: ends the membership. Answered once the read models drop
 * it: from then on the guard, which reads the membership on every request, refuses the person's
 * sessions and tokens in this workspace, on every api process.
 */
export class DeleteMemberCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteMemberCommand)
export class DeleteMemberHandler implements ICommandHandler<DeleteMemberCommand> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, userId }: DeleteMemberCommand): Promise<void> {
    const change = await this.commandBus.execute(new RemoveMemberCommand(auth.workspace.sId, { userId }, auth));
    if (change.position === null) throw new ApiError('workspace_user_not_found', MEMBERSHIP_ERROR_MESSAGES.notMember);
    await this.readModels.waitFor(change.position);
  }
}
