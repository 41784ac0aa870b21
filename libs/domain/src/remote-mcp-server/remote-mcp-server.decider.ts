import { assertNever } from '@app/contracts/assert-never';
import { toRemoteMcpCatalogStreamName, type RemoteMcpCatalogEvent } from '@app/contracts/events/remote-mcp-server.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { RemoteMcpCatalogCommand } from './remote-mcp-server.commands';
import type { RemoteMcpCatalogState } from './remote-mcp-server.state';

const serverNotFound = () => new DomainError('mcp_server_not_found', 'The MCP server you requested was not found.');
const viewNotFound = () => new DomainError('mcp_server_view_not_found', 'The MCP server view you requested was not found.');

/** The remote MCP catalog of one workspace; the workspace comes with the stream id. */
function decideFor(workspaceId: string) {
  return (command: RemoteMcpCatalogCommand, state: RemoteMcpCatalogState): RemoteMcpCatalogEvent[] => {
    switch (command.type) {
      case 'RegisterRemoteMcpServer': {
        if (state.servers.has(command.serverId)) return [];
        for (const server of state.servers.values()) {
          if (server.url === command.url) throw new DomainError('invalid_request_error', `A remote MCP server at ${command.url} is already registered.`);
        }
        const { serverId, url, headers, info, tools, createdBy, now } = command;
        return [{ type: 'RemoteMcpServerRegistered', data: { workspaceId, serverId, url, headers, info, tools, createdBy, at: now } }];
      }
      case 'SyncRemoteMcpServerTools': {
        const server = state.servers.get(command.serverId);
        if (!server) throw serverNotFound();
        return [{ type: 'RemoteMcpServerToolsSynced', data: { workspaceId, serverId: command.serverId, info: command.info, tools: command.tools, at: command.now } }];
      }
      case 'DeleteRemoteMcpServer': {
        if (!state.servers.has(command.serverId)) throw serverNotFound();
        const viewIds = [...state.views].flatMap(([viewId, view]) => (view.serverId === command.serverId ? [viewId] : []));
        return [{ type: 'RemoteMcpServerDeleted', data: { workspaceId, serverId: command.serverId, viewIds, at: command.now } }];
      }
      case 'CreateMcpServerView': {
        if (state.views.has(command.viewId)) return [];
        if (!state.servers.has(command.serverId)) throw serverNotFound();
        for (const view of state.views.values()) {
          if (view.serverId === command.serverId && view.spaceId === command.spaceId) {
            throw new DomainError('invalid_request_error', 'This MCP server already has a view in this space.');
          }
        }
        const { viewId, serverId, spaceId, createdBy, now } = command;
        return [{ type: 'McpServerViewCreated', data: { workspaceId, viewId, serverId, spaceId, createdBy, at: now } }];
      }
      case 'DeleteMcpServerView': {
        const view = state.views.get(command.viewId);
        if (!view || view.spaceId !== command.spaceId) throw viewNotFound();
        return [{ type: 'McpServerViewDeleted', data: { workspaceId, viewId: command.viewId, serverId: view.serverId, spaceId: view.spaceId, at: command.now } }];
      }
      default:
        return assertNever(command);
    }
  };
}

function evolve(state: RemoteMcpCatalogState, event: RemoteMcpCatalogEvent): RemoteMcpCatalogState {
  switch (event.type) {
    case 'RemoteMcpServerRegistered': {
      const { serverId, url, headers, info, tools, at } = event.data;
      return { ...state, servers: new Map(state.servers).set(serverId, { url, headers, info, tools, syncedAt: at }) };
    }
    case 'RemoteMcpServerToolsSynced': {
      const server = state.servers.get(event.data.serverId);
      if (!server) return state;
      const { info, tools, at } = event.data;
      return { ...state, servers: new Map(state.servers).set(event.data.serverId, { ...server, info, tools, syncedAt: at }) };
    }
    case 'RemoteMcpServerDeleted': {
      const servers = new Map(state.servers);
      servers.delete(event.data.serverId);
      const views = new Map(state.views);
      for (const viewId of event.data.viewIds) views.delete(viewId);
      return { servers, views };
    }
    case 'McpServerViewCreated':
      return { ...state, views: new Map(state.views).set(event.data.viewId, { serverId: event.data.serverId, spaceId: event.data.spaceId }) };
    case 'McpServerViewDeleted': {
      const views = new Map(state.views);
      views.delete(event.data.viewId);
      return { ...state, views };
    }
    default:
      return assertNever(event);
  }
}

const initialState = (): RemoteMcpCatalogState => ({ servers: new Map(), views: new Map() });

/** The decider of one workspace's remote MCP catalog. */
export function remoteMcpCatalogDecider(workspaceId: string): Decider<RemoteMcpCatalogCommand, RemoteMcpCatalogEvent, RemoteMcpCatalogState> {
  return { decide: decideFor(workspaceId), evolve, initialState };
}

/** The catalog aggregate, by workspace sId (built per workspace: the events carry it). */
export function remoteMcpCatalogAggregate(workspaceId: string): Aggregate<RemoteMcpCatalogCommand, RemoteMcpCatalogEvent, RemoteMcpCatalogState> {
  return { decider: remoteMcpCatalogDecider(workspaceId), streamName: toRemoteMcpCatalogStreamName };
}
