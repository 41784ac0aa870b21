import { assertNever } from '@app/contracts/assert-never';
import type { JsonRpcMessage, McpServerEvent } from '@app/contracts/events/mcp-server.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { McpServerCommand } from './mcp-server.commands';
import { isLive, type McpServerState } from './mcp-server.state';
import { toMcpServerStreamName } from '@app/contracts/events/mcp-server.events';

const initialState: McpServerState = {
  status: 'absent',
  workspaceId: '',
  userId: '',
  serverId: '',
  serverName: '',
  expiresAt: 0,
  pending: new Set(),
  settled: new Set(),
  registeredRevision: -1,
  lastSettledRevision: -1,
  eventCount: 0,
};

function notFound(): DomainError {
  return new DomainError('mcp_server_connection_not_found', 'The MCP server is not registered or its registration expired: register it again.');
}

function decide(command: McpServerCommand, state: McpServerState): McpServerEvent[] {
  if (command.type === 'RegisterMcpServer') {
    // A live registration holds the id: the caller tries the next suffix.
    if (isLive(state, command.now)) return [];
    const { workspaceId, userId, serverId, serverName, slug, now } = command;
    return [{ type: 'McpServerRegistered', data: { workspaceId, userId, serverId, serverName, slug, at: now, expiresAt: now + command.ttlMs } }];
  }
  const ref = { workspaceId: state.workspaceId, userId: state.userId, serverId: state.serverId };
  switch (command.type) {
    case 'RenewMcpServer':
      if (!isLive(state, command.now)) throw notFound();
      return [{ type: 'McpServerRenewed', data: { ...ref, at: command.now, expiresAt: command.now + command.ttlMs } }];
    case 'DeregisterMcpServer':
      return state.status === 'registered' ? [{ type: 'McpServerDeregistered', data: { ...ref, at: command.now } }] : [];
    case 'SendMcpRequest': {
      if (!isLive(state, command.now)) throw notFound();
      const { requestId } = command;
      if (requestId !== null && (state.pending.has(requestId) || state.settled.has(requestId))) return [];
      const { message, conversationId, messageId, now: at } = command;
      return [{ type: 'McpRequestSent', data: { ...ref, requestId, message, conversationId, messageId, at } }];
    }
    case 'RecordMcpResult': {
      if (state.settled.has(command.requestId)) {
        throw new DomainError('invalid_request_error', `The request ${command.requestId} was already answered.`);
      }
      if (!state.pending.has(command.requestId)) {
        throw new DomainError('invalid_request_error', `No request ${command.requestId} awaits a result from this server.`);
      }
      return resultEvents(ref, command.requestId, command.message, command.now);
    }
    case 'AbandonMcpRequest':
      // A request never sent can be abandoned too (its run stopped first): a late send of it then records nothing.
      if (state.settled.has(command.requestId)) return [];
      return [{ type: 'McpRequestAbandoned', data: { ...ref, requestId: command.requestId, reason: command.reason, at: command.now } }];
    default:
      return assertNever(command);
  }
}

/**
 * Characters of JSON text per result part: at most 6 bytes each once stored (a `\u0000` escape),
 * so a part stays well under the 4 MB an event may hold.
 */
export const RESULT_PART_CHARS = 512 * 1024;

function resultEvents(ref: { workspaceId: string; userId: string; serverId: string }, requestId: string, message: JsonRpcMessage, at: number): McpServerEvent[] {
  const text = JSON.stringify(message);
  if (text.length <= RESULT_PART_CHARS) return [{ type: 'McpResultReceived', data: { ...ref, requestId, message, at } }];
  const events: McpServerEvent[] = [];
  for (let index = 0; index * RESULT_PART_CHARS < text.length; index += 1) {
    const part = text.slice(index * RESULT_PART_CHARS, (index + 1) * RESULT_PART_CHARS);
    events.push({ type: 'McpResultPartRecorded', data: { ...ref, requestId, index, text: part, at } });
  }
  events.push({ type: 'McpResultReceived', data: { ...ref, requestId, message: null, parts: events.length, at } });
  return events;
}

function settle(state: McpServerState, requestId: string): Pick<McpServerState, 'pending' | 'settled'> {
  const pending = new Set(state.pending);
  pending.delete(requestId);
  return { pending, settled: new Set(state.settled).add(requestId) };
}

function evolve(state: McpServerState, event: McpServerEvent): McpServerState {
  const next = { ...state, eventCount: state.eventCount + 1 };
  switch (event.type) {
    case 'McpServerRegistered': {
      const { workspaceId, userId, serverId, serverName, expiresAt } = event.data;
      return { ...next, status: 'registered', workspaceId, userId, serverId, serverName, expiresAt, registeredRevision: state.eventCount };
    }
    case 'McpServerRenewed':
      return { ...next, expiresAt: event.data.expiresAt };
    case 'McpServerDeregistered':
      return { ...next, status: 'deregistered' };
    case 'McpRequestSent':
      return event.data.requestId === null ? next : { ...next, pending: new Set(state.pending).add(event.data.requestId) };
    case 'McpResultReceived':
    case 'McpRequestAbandoned':
      return { ...next, ...settle(state, event.data.requestId), lastSettledRevision: state.eventCount };
    default:
      return next;
  }
}

export const mcpServerDecider: Decider<McpServerCommand, McpServerEvent, McpServerState> = {
  decide,
  evolve,
  initialState: () => initialState,
};

/** One client-side server of one user, by `mcpServerKey(workspaceId, userId, serverId)`. */
export const mcpServerAggregate: Aggregate<McpServerCommand, McpServerEvent, McpServerState> = {
  decider: mcpServerDecider,
  streamName: toMcpServerStreamName,
};
