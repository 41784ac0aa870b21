import type { McpServerEvent } from '@app/contracts/events/mcp-server.events';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { McpServerCommand } from './mcp-server.commands';
import { mcpServerDecider, RESULT_PART_CHARS } from './mcp-server.decider';

const now = 1_700_000_000_000;
const ttlMs = 600_000;
const register: McpServerCommand = {
  type: 'RegisterMcpServer',
  workspaceId: 'W0rkspace1',
  userId: 'Us3r000001',
  serverId: 'mcp-client-side:ide',
  serverName: 'My IDE',
  slug: 'my_ide',
  ttlMs,
  now,
};
const ref = { workspaceId: 'W0rkspace1', userId: 'Us3r000001', serverId: 'mcp-client-side:ide' };
const registered: McpServerEvent = { type: 'McpServerRegistered', data: { ...ref, serverName: 'My IDE', slug: 'my_ide', at: now, expiresAt: now + ttlMs } };
const request = (requestId: string | null, at = now + 1): McpServerCommand => ({
  type: 'SendMcpRequest',
  requestId,
  message: { jsonrpc: '2.0', ...(requestId ? { id: requestId } : {}), method: 'tools/list' },
  conversationId: 'c',
  messageId: 'm',
  now: at,
});

function given(events: McpServerEvent[]) {
  const state = foldEvents(mcpServerDecider, events);
  return { state, when: (command: McpServerCommand) => mcpServerDecider.decide(command, state) };
}

function errorTypeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.type : 'not a DomainError';
  }
}

describe('mcp server decider', () => {
  it('registers with an expiry computed from the command time', () => {
    expect(given([]).when(register)).toEqual([registered]);
  });

  it('leaves a live registration alone (the caller takes the next suffix), and takes over an expired or deregistered id', () => {
    expect(given([registered]).when({ ...register, now: now + ttlMs - 1 })).toEqual([]);
    expect(given([registered]).when({ ...register, now: now + ttlMs })).toHaveLength(1);
    const deregistered: McpServerEvent = { type: 'McpServerDeregistered', data: { ...ref, at: now + 5 } };
    expect(given([registered, deregistered]).when({ ...register, now: now + 6 })).toHaveLength(1);
  });

  it('renews a live registration and refuses an expired one', () => {
    expect(given([registered]).when({ type: 'RenewMcpServer', ttlMs, now: now + 1000 })).toEqual([
      { type: 'McpServerRenewed', data: { ...ref, at: now + 1000, expiresAt: now + 1000 + ttlMs } },
    ]);
    expect(errorTypeOf(() => given([registered]).when({ type: 'RenewMcpServer', ttlMs, now: now + ttlMs }))).toBe('mcp_server_connection_not_found');
    expect(errorTypeOf(() => given([]).when({ type: 'RenewMcpServer', ttlMs, now }))).toBe('mcp_server_connection_not_found');
  });

  it('deregisters once', () => {
    const events = given([registered]).when({ type: 'DeregisterMcpServer', now: now + 1 });
    expect(events.map((e) => e.type)).toEqual(['McpServerDeregistered']);
    expect(given([registered, ...events]).when({ type: 'DeregisterMcpServer', now: now + 2 })).toEqual([]);
  });

  it('sends requests and notifications to a live server only', () => {
    expect(given([registered]).when(request('mcp_req_1'))[0]).toMatchObject({ type: 'McpRequestSent', data: { requestId: 'mcp_req_1' } });
    expect(given([registered]).when(request(null))[0]).toMatchObject({ type: 'McpRequestSent', data: { requestId: null } });
    expect(errorTypeOf(() => given([registered]).when(request('mcp_req_1', now + ttlMs)))).toBe('mcp_server_connection_not_found');
  });

  it('records one result per pending request, and refuses unknown or answered ids', () => {
    const sent = given([registered]).when(request('mcp_req_1'));
    const result: McpServerCommand = { type: 'RecordMcpResult', requestId: 'mcp_req_1', message: { jsonrpc: '2.0', id: 'mcp_req_1', result: {} }, now: now + 2 };
    const answered = given([registered, ...sent]).when(result);
    expect(answered.map((e) => e.type)).toEqual(['McpResultReceived']);
    const after = given([registered, ...sent, ...answered]);
    expect(after.state.pending.size).toBe(0);
    expect(errorTypeOf(() => after.when(result))).toBe('invalid_request_error');
    expect(errorTypeOf(() => after.when({ ...result, requestId: 'mcp_req_2' }))).toBe('invalid_request_error');
    expect(after.when(request('mcp_req_1'))).toEqual([]);
  });

  it('splits a result too large for one event into parts of its JSON text, appended before it', () => {
    const sent = given([registered]).when(request('mcp_req_1'));
    const message = { jsonrpc: '2.0', id: 'mcp_req_1', result: { content: [{ type: 'text', text: 'é'.repeat(RESULT_PART_CHARS * 2) }] } };
    const events = given([registered, ...sent]).when({ type: 'RecordMcpResult', requestId: 'mcp_req_1', message, now: now + 2 });
    expect(events.map((e) => e.type)).toEqual(['McpResultPartRecorded', 'McpResultPartRecorded', 'McpResultPartRecorded', 'McpResultReceived']);
    const parts = events.flatMap((e) => (e.type === 'McpResultPartRecorded' ? [e.data.text] : []));
    expect(parts.every((text) => text.length <= RESULT_PART_CHARS)).toBe(true);
    expect(JSON.parse(parts.join(''))).toEqual(message);
    expect(events.at(-1)?.data).toMatchObject({ requestId: 'mcp_req_1', message: null, parts: 3 });
    expect(given([registered, ...sent, ...events]).state.settled.has('mcp_req_1')).toBe(true);
  });

  it('abandons a pending request, after which its result is refused', () => {
    const sent = given([registered]).when(request('mcp_req_1'));
    const abandoned = given([registered, ...sent]).when({ type: 'AbandonMcpRequest', requestId: 'mcp_req_1', reason: 'timeout', now: now + 3 });
    expect(abandoned.map((e) => e.type)).toEqual(['McpRequestAbandoned']);
    const after = given([registered, ...sent, ...abandoned]);
    expect(after.when({ type: 'AbandonMcpRequest', requestId: 'mcp_req_1', reason: 'timeout', now: now + 4 })).toEqual([]);
    expect(
      errorTypeOf(() => after.when({ type: 'RecordMcpResult', requestId: 'mcp_req_1', message: { jsonrpc: '2.0', id: 'mcp_req_1', result: {} }, now: now + 5 })),
    ).toBe('invalid_request_error');
  });

  it('abandons a request never sent (its run stopped first), after which sending it records nothing', () => {
    const abandoned = given([registered]).when({ type: 'AbandonMcpRequest', requestId: 'mcp_req_1', reason: 'cancelled', now: now + 1 });
    expect(abandoned.map((e) => e.type)).toEqual(['McpRequestAbandoned']);
    expect(given([registered, ...abandoned]).when(request('mcp_req_1', now + 2))).toEqual([]);
  });

  it('remembers the revision of the latest registration', () => {
    const sent = given([registered]).when(request('mcp_req_1'));
    const again: McpServerEvent = { ...registered, data: { ...registered.data, at: now + ttlMs, expiresAt: now + 2 * ttlMs } };
    expect(given([registered, ...sent, again]).state).toMatchObject({ registeredRevision: 2, eventCount: 3 });
  });
});
