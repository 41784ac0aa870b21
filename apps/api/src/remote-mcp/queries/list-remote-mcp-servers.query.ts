import type { ListRemoteMcpServersResponse } from '@app/contracts/http/remote-mcp-server.types';
import type { RemoteMcpServerDocument } from '@app/contracts/read-models/remote-mcp-server.read-models';
import { renderRemoteMcpServer } from '@app/contracts/render/remote-mcp-server.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** The workspace's remote servers, oldest first (admins and builders: builders pick tools for agents). */
export class ListRemoteMcpServersQuery extends Query<ListRemoteMcpServersResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(ListRemoteMcpServersQuery)
export class ListRemoteMcpServersHandler implements IQueryHandler<ListRemoteMcpServersQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ auth }: ListRemoteMcpServersQuery): Promise<ListRemoteMcpServersResponse> {
    requireBuilder(auth);
    const servers = await this.readModels.find<RemoteMcpServerDocument>('remoteMcpServers', {
      where: { workspaceId: auth.workspace.sId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    return { servers: servers.map(renderRemoteMcpServer) };
  }
}
