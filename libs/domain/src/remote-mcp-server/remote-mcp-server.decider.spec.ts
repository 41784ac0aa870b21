import type { RemoteMcpCatalogEvent } from '@app/contracts/events/remote-mcp-server.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { RemoteMcpCatalogCommand } from './remote-mcp-server.commands';
import { remoteMcpCatalogDecider } from './remote-mcp-server.decider';

const now = 1_700_000_000_000;
const workspaceId = 'W0rkspace1';
const spec = deciderSpec(remoteMcpCatalogDecider(workspaceId));
const info = { name: 'orders', version: '1.0.0', description: null };
const tools = [{ name: 'lookup_order', description: 'Looks an order up.', inputSchema: { type: 'object' }, readOnly: true }];
const headers = [{ name: 'Authorization', sealedValue: 'v1.iv.tag.data' }];

const register: RemoteMcpCatalogCommand = {
  type: 'RegisterRemoteMcpServer',
  serverId: 'rms_one',
  url: 'https://mcp.example.com/mcp',
  headers,
  info,
  tools,
  createdBy: 'Us3r000001',
  now,
};
const registered: RemoteMcpCatalogEvent = {
  type: 'RemoteMcpServerRegistered',
  data: { workspaceId, serverId: 'rms_one', url: 'https://mcp.example.com/mcp', headers, info, tools, createdBy: 'Us3r000001', at: now },
};
const createView: RemoteMcpCatalogCommand = { type: 'CreateMcpServerView', viewId: 'msv_one', serverId: 'rms_one', spaceId: 'vlt_a', createdBy: null, now };
const viewCreated: RemoteMcpCatalogEvent = {
  type: 'McpServerViewCreated',
  data: { workspaceId, viewId: 'msv_one', serverId: 'rms_one', spaceId: 'vlt_a', createdBy: null, at: now },
};

describe('remote MCP catalog decider', () => {
  it('registers a server once, and refuses a second one at the same URL', () => {
    spec.given([]).when(register).then([registered]);
    spec.given([registered]).when(register).thenNothing();
    spec.given([registered]).when({ ...register, serverId: 'rms_two' }).thenThrows('invalid_request_error', 'already registered');
  });

  it('records a fresh listing of a live server only', () => {
    const sync: RemoteMcpCatalogCommand = { type: 'SyncRemoteMcpServerTools', serverId: 'rms_one', info, tools: [], now: now + 1 };
    spec.given([registered]).when(sync).then([{ type: 'RemoteMcpServerToolsSynced', data: { workspaceId, serverId: 'rms_one', info, tools: [], at: now + 1 } }]);
    spec.given([]).when(sync).thenThrows('mcp_server_not_found');
  });

  it('puts a server in a space once per space, and only a live server', () => {
    spec.given([registered]).when(createView).then([viewCreated]);
    spec.given([registered, viewCreated]).when(createView).thenNothing();
    spec.given([registered, viewCreated]).when({ ...createView, viewId: 'msv_two' }).thenThrows('invalid_request_error', 'already has a view');
    spec.given([]).when(createView).thenThrows('mcp_server_not_found');
  });

  it('deletes a view of its own space only', () => {
    const remove: RemoteMcpCatalogCommand = { type: 'DeleteMcpServerView', viewId: 'msv_one', spaceId: 'vlt_a', now };
    spec.given([registered, viewCreated]).when(remove).then([
      { type: 'McpServerViewDeleted', data: { workspaceId, viewId: 'msv_one', serverId: 'rms_one', spaceId: 'vlt_a', at: now } },
    ]);
    spec.given([registered, viewCreated]).when({ ...remove, spaceId: 'vlt_b' }).thenThrows('mcp_server_view_not_found');
  });

  it('deletes a server with all its views, after which it is gone', () => {
    const remove: RemoteMcpCatalogCommand = { type: 'DeleteRemoteMcpServer', serverId: 'rms_one', now };
    const deleted: RemoteMcpCatalogEvent = { type: 'RemoteMcpServerDeleted', data: { workspaceId, serverId: 'rms_one', viewIds: ['msv_one'], at: now } };
    spec.given([registered, viewCreated]).when(remove).then([deleted]);
    spec.given([registered, viewCreated, deleted]).when(remove).thenThrows('mcp_server_not_found');
    spec.given([registered, viewCreated, deleted]).when({ type: 'DeleteMcpServerView', viewId: 'msv_one', spaceId: 'vlt_a', now }).thenThrows('mcp_server_view_not_found');
  });
});
