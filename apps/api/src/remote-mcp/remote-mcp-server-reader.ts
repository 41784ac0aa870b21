import type { RemoteMcpServer } from '@app/contracts/http/remote-mcp-server.types';
import type { McpServerViewDocument, RemoteMcpServerDocument } from '@app/contracts/read-models/remote-mcp-server.read-models';
import { renderRemoteMcpServer } from '@app/contracts/render/remote-mcp-server.render';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';

const serverNotFound = () => new ApiError('mcp_server_not_found', 'The MCP server you requested was not found.');
const viewNotFound = () => new ApiError('mcp_server_view_not_found', 'The MCP server view you requested was not found.');

/** Remote servers and views of the caller's workspace, from the read models; other workspaces' are not found. */
@Injectable()
export class RemoteMcpServerReader {
  constructor(private readonly readModels: ReadModels) {}

  async server(auth: AuthContext, serverId: string): Promise<RemoteMcpServerDocument> {
    const server = await this.readModels.get<RemoteMcpServerDocument>('remoteMcpServers', serverId);
    if (!server || server.workspaceId !== auth.workspace.sId) throw serverNotFound();
    return server;
  }

  async view(workspaceId: string, viewId: string): Promise<McpServerViewDocument> {
    const view = await this.readModels.get<McpServerViewDocument>('mcpServerViews', viewId);
    if (!view || view.workspaceId !== workspaceId) throw viewNotFound();
    return view;
  }

  /** The server as written by a command at `position` (read your writes). */
  async rendered(auth: AuthContext, serverId: string, position: number | null): Promise<RemoteMcpServer> {
    if (position !== null) await this.readModels.waitFor(position);
    return renderRemoteMcpServer(await this.server(auth, serverId));
  }
}
