import type { CreateMcpServerViewDto } from '@app/contracts/http/remote-mcp-server.dto';
import type { McpServerViewEnvelope } from '@app/contracts/http/remote-mcp-server.types';
import { renderMcpServerView } from '@app/contracts/render/remote-mcp-server.render';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RemoteMcpCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { newPrefixedId } from '../../common/ids';
import { SpaceAccess } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { RemoteMcpServerReader } from '../remote-mcp-server-reader';

/** An admin puts a remote server in a space: agents and conversations of that space may use its tools. */
export class CreateMcpServerViewCommand extends Command<McpServerViewEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly body: CreateMcpServerViewDto,
  ) {
    super();
  }
}

@CommandHandler(CreateMcpServerViewCommand)
export class CreateMcpServerViewHandler implements ICommandHandler<CreateMcpServerViewCommand> {
  constructor(
    private readonly catalogs: RemoteMcpCatalogAggregateWriter,
    private readonly reader: RemoteMcpServerReader,
    private readonly spaces: SpaceAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, spaceId, body }: CreateMcpServerViewCommand): Promise<McpServerViewEnvelope> {
    requireAdmin(auth);
    const space = await this.spaces.dataSpace(auth, spaceId);
    const server = await this.reader.server(auth, body.serverId);
    const viewId = newPrefixedId('msv');
    const outcome = await this.catalogs.run(
      auth.workspace.sId,
      { type: 'CreateMcpServerView', viewId, serverId: server.sId, spaceId: space.sId, createdBy: auth.user?.sId ?? null },
      auth,
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { success: true, serverView: renderMcpServerView(await this.reader.view(auth.workspace.sId, viewId), server) };
  }
}
