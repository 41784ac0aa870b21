import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RemoteMcpCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { RemoteMcpServerReader } from '../remote-mcp-server-reader';

/** An admin removes a remote server and every view of it; agents stop getting its tools. */
export class DeleteRemoteMcpServerCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly serverId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteRemoteMcpServerCommand)
export class DeleteRemoteMcpServerHandler implements ICommandHandler<DeleteRemoteMcpServerCommand> {
  constructor(
    private readonly catalogs: RemoteMcpCatalogAggregateWriter,
    private readonly reader: RemoteMcpServerReader,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, serverId }: DeleteRemoteMcpServerCommand): Promise<SuccessResponse> {
    requireAdmin(auth);
    await this.reader.server(auth, serverId);
    const outcome = await this.catalogs.run(auth.workspace.sId, { type: 'DeleteRemoteMcpServer', serverId }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { success: true };
  }
}
