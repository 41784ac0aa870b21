import type { McpServerDocument } from '@app/contracts/read-models/mcp-server.read-models';
import type { RegisterMcpServerResponse } from '@app/contracts/http/mcp.types';
import { candidateServerIds, MAX_INSTANCES_PER_NAME, slugOfServerName } from '@app/domain/mcp-server/mcp-server-id';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { McpServerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { keyOf, mcpUserOf } from '../mcp-servers';

/** Registers a client-side server for the key's user under the first free id its name allows. */
export class RegisterMcpServerCommand extends Command<RegisterMcpServerResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly serverName: string,
  ) {
    super();
  }
}

@CommandHandler(RegisterMcpServerCommand)
export class RegisterMcpServerHandler implements ICommandHandler<RegisterMcpServerCommand> {
  constructor(
    private readonly mcpServers: McpServerAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, serverName }: RegisterMcpServerCommand): Promise<RegisterMcpServerResponse> {
    const userId = mcpUserOf(auth);
    const workspaceId = auth.workspace.sId;
    const slug = slugOfServerName(serverName);
    if (slug === '') throw new ApiError('invalid_request_error', 'Invalid request body: serverName must contain letters or digits.');
    // The read model tells which ids are held, to skip them; the decider has the last word, so an id
    // taken meanwhile (or not projected yet) is refused there and the next one is tried.
    const held = await this.readModels.find<McpServerDocument>('mcpServers', { where: { workspaceId, userId, slug } });
    const heldIds = new Set(held.map((doc) => doc.serverId));
    for (const serverId of candidateServerIds(slug)) {
      if (heldIds.has(serverId)) continue;
      const outcome = await this.mcpServers.run(
        keyOf({ workspaceId, userId, serverId }),
        { type: 'RegisterMcpServer', workspaceId, userId, serverId, serverName, slug, ttlMs: this.config.mcp.registrationTtlMs },
        userId,
      );
      if (outcome.events.length > 0) return { serverId, expiresAt: new Date(outcome.state.expiresAt).toISOString() };
    }
    throw new ApiError(
      'invalid_request_error',
      `Too many MCP servers named "${serverName}": at most ${MAX_INSTANCES_PER_NAME} may be registered at once. Deregister one or use another name.`,
    );
  }
}
