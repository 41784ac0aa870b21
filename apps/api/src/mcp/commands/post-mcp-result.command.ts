import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { McpServerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { keyOf, McpServers } from '../mcp-servers';

/**
 * Records a server's JSON-RPC response on its stream, where the run waiting for it (in this process
 * or another replica) follows. A notification from the server (no `id`) is accepted and dropped:
 * nothing waits for one.
 */
export class PostMcpResultCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly serverId: string,
    readonly result: Record<string, unknown>,
  ) {
    super();
  }
}

@CommandHandler(PostMcpResultCommand)
export class PostMcpResultHandler implements ICommandHandler<PostMcpResultCommand> {
  constructor(
    private readonly servers: McpServers,
    private readonly mcpServers: McpServerAggregateWriter,
  ) {}

  async execute({ auth, serverId, result }: PostMcpResultCommand): Promise<SuccessResponse> {
    const { ref } = await this.servers.requireLive(auth, serverId);
    const requestId = result.id;
    if (requestId === undefined && typeof result.method === 'string') return { success: true };
    if (typeof requestId !== 'string' || requestId === '') {
      throw new ApiError('invalid_request_error', 'Invalid request body: result.id must be the string id of the request it answers.');
    }
    await this.mcpServers.run(keyOf(ref), { type: 'RecordMcpResult', requestId, message: result }, ref.userId);
    return { success: true };
  }
}
