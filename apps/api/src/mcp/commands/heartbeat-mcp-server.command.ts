import type { HeartbeatMcpServerResponse } from '@app/contracts/http/mcp.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { McpServers } from '../mcp-servers';

/** Renews the caller's registration; 404 `mcp_server_connection_not_found` once it expired. */
export class HeartbeatMcpServerCommand extends Command<HeartbeatMcpServerResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly serverId: string,
  ) {
    super();
  }
}

@CommandHandler(HeartbeatMcpServerCommand)
export class HeartbeatMcpServerHandler implements ICommandHandler<HeartbeatMcpServerCommand> {
  constructor(private readonly servers: McpServers) {}

  async execute({ auth, serverId }: HeartbeatMcpServerCommand): Promise<HeartbeatMcpServerResponse> {
    const outcome = await this.servers.renew(this.servers.ref(auth, serverId));
    return { success: true, expiresAt: new Date(outcome.state.expiresAt).toISOString() };
  }
}
