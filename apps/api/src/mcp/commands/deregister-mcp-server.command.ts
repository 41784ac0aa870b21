import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { McpServerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { keyOf, McpServers } from '../mcp-servers';

/** Ends the caller's registration at once (a no-op when there is none). */
export class DeregisterMcpServerCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly serverId: string,
  ) {
    super();
  }
}

@CommandHandler(DeregisterMcpServerCommand)
export class DeregisterMcpServerHandler implements ICommandHandler<DeregisterMcpServerCommand> {
  constructor(
    private readonly servers: McpServers,
    private readonly mcpServers: McpServerAggregateWriter,
  ) {}

  async execute({ auth, serverId }: DeregisterMcpServerCommand): Promise<SuccessResponse> {
    const ref = this.servers.ref(auth, serverId);
    await this.mcpServers.run(keyOf(ref), { type: 'DeregisterMcpServer' }, ref.userId);
    return { success: true };
  }
}
