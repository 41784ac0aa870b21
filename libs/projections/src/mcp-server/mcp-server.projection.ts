import { isMcpServerEvent, mcpServerKey } from '@app/contracts/events/mcp-server.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { McpServerDocument } from '@app/contracts/read-models/mcp-server.read-models';
import type { Projection } from '../projection';

/** Live client-side server registrations: what an id allocation or an owner check looks up. */
export const mcpServerProjection: Projection<McpServerDocument> = {
  ...READ_MODELS.mcpServers,
  indexes: ['workspaceId', 'userId', 'slug'],
  canHandle: ['McpServerRegistered', 'McpServerRenewed', 'McpServerDeregistered'],
  documentIds: (event) => (isMcpServerEvent(event) ? [mcpServerKey(event.data.workspaceId, event.data.userId, event.data.serverId)] : []),
  evolve(doc, event) {
    if (!isMcpServerEvent(event)) return doc;
    switch (event.type) {
      case 'McpServerRegistered': {
        const { workspaceId, userId, serverId, serverName, slug, at, expiresAt } = event.data;
        return { workspaceId, userId, serverId, serverName, slug, registeredAt: at, expiresAt };
      }
      case 'McpServerRenewed':
        return doc && { ...doc, expiresAt: event.data.expiresAt };
      case 'McpServerDeregistered':
        return null;
      default:
        return doc;
    }
  },
  expiresAt: (doc) => doc.expiresAt,
};
