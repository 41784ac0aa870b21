import type { MCPServerView, RemoteMcpServer } from '../http/remote-mcp-server.types';
import type { McpServerViewDocument, RemoteMcpServerDocument } from '../read-models/remote-mcp-server.read-models';

/** Icon the official client shows for servers that bring none. */
const REMOTE_SERVER_ICON = 'ActionRocketIcon';

/** A remote server on the wire: the read model holds header names only, so nothing secret can leak. */
export function renderRemoteMcpServer(doc: RemoteMcpServerDocument): RemoteMcpServer {
  return {
    id: doc.id,
    sId: doc.sId,
    url: doc.url,
    name: doc.name,
    version: doc.version,
    description: doc.description,
    headerNames: [...doc.headerNames],
    tools: doc.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: { ...tool.inputSchema }, readOnly: tool.readOnly })),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    syncedAt: doc.syncedAt,
  };
}

/** A view as `GET …/mcp_server_views` lists it (the shape the official client parses). */
export function renderMcpServerView(view: McpServerViewDocument, server: RemoteMcpServerDocument): MCPServerView {
  return {
    id: view.id,
    sId: view.sId,
    name: null,
    description: null,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    spaceId: view.spaceId,
    serverType: 'remote',
    server: {
      sId: server.sId,
      name: server.name,
      version: server.version,
      description: server.description ?? '',
      icon: REMOTE_SERVER_ICON,
      authorization: null,
      tools: server.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: { ...tool.inputSchema } })),
      availability: 'manual',
      allowMultipleInstances: true,
      documentationUrl: null,
    },
    oAuthUseCase: null,
    editedByUser: null,
  };
}
