import type { ListClientMcpServersResponse } from '@app/contracts/http/client-mcp-servers.types';
import type { McpServerDocument } from '@app/contracts/read-models/mcp-server.read-models';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { mcpUserOf } from '../mcp-servers';

/** The caller's client-side servers registered in the workspace and not lapsed: what is connected now. */
export class ListClientMcpServersQuery extends Query<ListClientMcpServersResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(ListClientMcpServersQuery)
export class ListClientMcpServersHandler implements IQueryHandler<ListClientMcpServersQuery> {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth }: ListClientMcpServersQuery): Promise<ListClientMcpServersResponse> {
    const userId = mcpUserOf(auth);
    // A server registers, renews and leaves over other requests (of its own process): the list shows them once the read models have.
    await this.readModels.waitFor(await this.eventStore.headPosition());
    const docs = await this.readModels.find<McpServerDocument>('mcpServers', {
      where: { workspaceId: auth.workspace.sId, userId },
      sort: [{ field: 'registeredAt', direction: 'asc' }],
    });
    // The store forgets a lapsed registration on its own schedule; one lapsed a moment ago is not connected either.
    const now = Date.now();
    return {
      servers: docs
        .filter((doc) => doc.expiresAt > now)
        .map((doc) => ({
          serverId: doc.serverId,
          serverName: doc.serverName,
          registeredAt: new Date(doc.registeredAt).toISOString(),
          expiresAt: new Date(doc.expiresAt).toISOString(),
        })),
    };
  }
}
