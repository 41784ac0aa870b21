import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RemoteMcpCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { SpaceAccess } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** An admin takes a server out of a space. */
export class DeleteMcpServerViewCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly viewId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteMcpServerViewCommand)
export class DeleteMcpServerViewHandler implements ICommandHandler<DeleteMcpServerViewCommand> {
  constructor(
    private readonly catalogs: RemoteMcpCatalogAggregateWriter,
    private readonly spaces: SpaceAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, spaceId, viewId }: DeleteMcpServerViewCommand): Promise<SuccessResponse> {
    requireAdmin(auth);
    const space = await this.spaces.dataSpace(auth, spaceId);
    const outcome = await this.catalogs.run(auth.workspace.sId, { type: 'DeleteMcpServerView', viewId, spaceId: space.sId }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { success: true };
  }
}
