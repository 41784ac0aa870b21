import type { RegisterRemoteMcpServerDto } from '@app/contracts/http/remote-mcp-server.dto';
import type { RemoteMcpServerEnvelope } from '@app/contracts/http/remote-mcp-server.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RemoteMcpCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { ApiError } from '../../common/http/api-error';
import { newPrefixedId } from '../../common/ids';
import { checkTargetUrl } from '../outbound/guarded-fetch';
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
    const url = validUrl(body.url, this.catalog.settings.allowPrivateNetworks);
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

/** An http(s) URL without credentials in it (they belong in headers, which are sealed) and not at a forbidden IP. */
function validUrl(raw: string, allowPrivateNetworks: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ApiError('invalid_request_error', 'Invalid request body: url must be an absolute http(s) URL.');
  }
  if (url.username || url.password) throw new ApiError('invalid_request_error', 'Invalid request body: put credentials in headers, not in the url.');
  try {
    checkTargetUrl(url, { allowPrivateNetworks });
  } catch (error) {
    throw new ApiError('invalid_request_error', `Invalid request body: ${(error as Error).message}`);
  }
  return url.href;
}
