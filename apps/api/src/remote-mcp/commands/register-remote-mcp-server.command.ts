import type { RegisterRemoteMcpServerDto } from '@app/contracts/http/remote-mcp-server.dto';
import type { RemoteMcpServerEnvelope } from '@app/contracts/http/remote-mcp-server.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RemoteMcpCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { newPrefixedId } from '../../common/ids';
import { validTargetUrl } from '../outbound/target-url';
import { RemoteMcpCatalog } from '../remote-mcp-catalog';
import { RemoteMcpServerReader } from '../remote-mcp-server-reader';

/** An admin registers a remote MCP server: its tools are listed first, so an unreachable server is refused. */
export class RegisterRemoteMcpServerCommand extends Command<RemoteMcpServerEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly body: RegisterRemoteMcpServerDto,
  ) {
    super();
  }
}

@CommandHandler(RegisterRemoteMcpServerCommand)
export class RegisterRemoteMcpServerHandler implements ICommandHandler<RegisterRemoteMcpServerCommand> {
  constructor(
    private readonly catalog: RemoteMcpCatalog,
    private readonly catalogs: RemoteMcpCatalogAggregateWriter,
    private readonly reader: RemoteMcpServerReader,
  ) {}

  async execute({ auth, body }: RegisterRemoteMcpServerCommand): Promise<RemoteMcpServerEnvelope> {
    requireAdmin(auth);
    const url = validTargetUrl(body.url, this.catalog.settings.allowPrivateNetworks, 'remote MCP servers', 'put credentials in headers, not in the url.');
    const headers = body.headers ?? {};
    const sealed = this.catalog.seal(headers);
    const { info, tools } = await this.catalog.listTools({ url, headers });
    const serverId = newPrefixedId('rms');
    const outcome = await this.catalogs.run(
      auth.workspace.sId,
      { type: 'RegisterRemoteMcpServer', serverId, url, headers: sealed, info, tools, createdBy: auth.user?.sId ?? null },
      auth,
    );
    return { server: await this.reader.rendered(auth, serverId, outcome.position) };
  }
}
