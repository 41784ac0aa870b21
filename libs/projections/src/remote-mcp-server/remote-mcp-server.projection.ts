import { isRemoteMcpCatalogEvent } from '@app/contracts/events/remote-mcp-server.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { McpServerViewDocument, RemoteMcpServerDocument } from '@app/contracts/read-models/remote-mcp-server.read-models';
import type { Projection } from '../projection';

/** Live remote MCP servers, without their header values (names only). */
export const remoteMcpServerProjection: Projection<RemoteMcpServerDocument> = {
  ...READ_MODELS.remoteMcpServers,
  indexes: [{ equal: ['workspaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] }],
  canHandle: ['RemoteMcpServerRegistered', 'RemoteMcpServerToolsSynced', 'RemoteMcpServerDeleted'],
  documentIds: (event) => (isRemoteMcpCatalogEvent(event) && 'serverId' in event.data ? [event.data.serverId] : []),
  evolve(doc, event) {
    if (!isRemoteMcpCatalogEvent(event)) return doc;
    switch (event.type) {
      case 'RemoteMcpServerRegistered': {
        const { workspaceId, serverId, url, headers, info, tools, createdBy, at } = event.data;
        return {
          id: event.position,
          sId: serverId,
          workspaceId,
          url,
          name: info.name,
          version: info.version,
          description: info.description,
          headerNames: headers.map((header) => header.name),
          tools: [...tools],
          createdBy,
          createdAt: at,
          updatedAt: at,
          syncedAt: at,
        };
      }
      case 'RemoteMcpServerToolsSynced': {
        const { info, tools, at } = event.data;
        return doc && { ...doc, name: info.name, version: info.version, description: info.description, tools: [...tools], updatedAt: at, syncedAt: at };
      }
      case 'RemoteMcpServerDeleted':
        return null;
      default:
        return doc;
    }
  },
};

/** Live MCP server views; `id` is the position of the event that created each. */
export const mcpServerViewProjection: Projection<McpServerViewDocument> = {
  ...READ_MODELS.mcpServerViews,
  indexes: [{ equal: ['workspaceId', 'spaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] }, 'serverId'],
  canHandle: ['McpServerViewCreated', 'McpServerViewDeleted', 'RemoteMcpServerDeleted'],
  documentIds(event) {
    if (!isRemoteMcpCatalogEvent(event)) return [];
    switch (event.type) {
      case 'McpServerViewCreated':
      case 'McpServerViewDeleted':
        return [event.data.viewId];
      case 'RemoteMcpServerDeleted':
        return [...event.data.viewIds];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    if (!isRemoteMcpCatalogEvent(event)) return doc;
    switch (event.type) {
      case 'McpServerViewCreated': {
        const { workspaceId, viewId, serverId, spaceId, createdBy, at } = event.data;
        return { id: event.position, sId: viewId, workspaceId, spaceId, serverId, createdBy, createdAt: at, updatedAt: at };
      }
      case 'McpServerViewDeleted':
      case 'RemoteMcpServerDeleted':
        return null;
      default:
        return doc;
    }
  },
};
