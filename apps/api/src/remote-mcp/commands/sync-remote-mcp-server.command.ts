import type { RemoteMcpServerEnvelope } from '@app/contracts/http/remote-mcp-server.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { asBadRequest, RemoteMcpCatalog } from '../remote-mcp-catalog';
import { RemoteMcpServerReader } from '../remote-mcp-server-reader';

/** An admin has a server's tools listed again now (runs also do it when the last listing is stale). */
export class SyncRemoteMcpServerCommand extends Command<RemoteMcpServerEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly serverId: string,
  ) {
    super();
  }
}

@CommandHandler(SyncRemoteMcpServerCommand)
export class SyncRemoteMcpServerHandler implements ICommandHandler<SyncRemoteMcpServerCommand> {
  constructor(
    private readonly catalog: RemoteMcpCatalog,
    private readonly reader: RemoteMcpServerReader,
  ) {}

  async execute({ auth, serverId }: SyncRemoteMcpServerCommand): Promise<RemoteMcpServerEnvelope> {
    requireAdmin(auth);
    await this.reader.server(auth, serverId);
    const outcome = await this.catalog.sync(auth.workspace.sId, serverId, auth).catch((error: unknown) => {
      throw asBadRequest(error);
    });
    return { server: await this.reader.rendered(auth, serverId, outcome.position) };
  }
}
