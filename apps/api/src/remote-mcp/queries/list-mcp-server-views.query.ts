import type { ListMcpServerViewsResponse } from '@app/contracts/http/remote-mcp-server.types';
import type { McpServerViewDocument, RemoteMcpServerDocument } from '@app/contracts/read-models/remote-mcp-server.read-models';
import { renderMcpServerView } from '@app/contracts/render/remote-mcp-server.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { SpaceAccess } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/**
 * The MCP server views of a space the caller can see, oldest first. Every view here is `manual`
 * (remote servers put in the space by an admin), so `includeAuto` changes nothing.
 */
export class ListMcpServerViewsQuery extends Query<ListMcpServerViewsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
  ) {
    super();
  }
}

@QueryHandler(ListMcpServerViewsQuery)
export class ListMcpServerViewsHandler implements IQueryHandler<ListMcpServerViewsQuery> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly spaces: SpaceAccess,
  ) {}

  async execute({ auth, spaceId }: ListMcpServerViewsQuery): Promise<ListMcpServerViewsResponse> {
    const space = await this.spaces.dataSpace(auth, spaceId);
    const views = await this.readModels.find<McpServerViewDocument>('mcpServerViews', {
      where: { workspaceId: auth.workspace.sId, spaceId: space.sId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    const servers = await this.readModels.getMany<RemoteMcpServerDocument>('remoteMcpServers', views.map((view) => view.serverId));
    return {
      success: true,
      serverViews: views.flatMap((view) => {
        const server = servers.get(view.serverId);
        return server ? [renderMcpServerView(view, server)] : [];
      }),
    };
  }
}
