import type { RemoteMcpCatalogEvent } from '@app/contracts/events/remote-mcp-server.events';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { mcpServerViewProjection, remoteMcpServerProjection } from './remote-mcp-server.projection';

const at = 1_700_000_000_000;
const workspaceId = 'W0rkspace1';

const recorded = (event: RemoteMcpCatalogEvent, revision: number) => recordedOn(`remote_mcp_servers-${workspaceId}`, event, revision + 1, at);

const tools = [{ name: 'lookup_order', description: 'Looks an order up.', inputSchema: { type: 'object' }, readOnly: true }];
const registered = recorded(
  {
    type: 'RemoteMcpServerRegistered',
    data: {
      workspaceId,
      serverId: 'rms_one',
      url: 'https://mcp.example.com/mcp',
      headers: [{ name: 'Authorization', sealedValue: 'v1.iv.tag.sealed' }],
      info: { name: 'orders', version: '1.0.0', description: null },
      tools,
      createdBy: null,
      at,
    },
  },
  0,
);
const viewCreated = recorded({ type: 'McpServerViewCreated', data: { workspaceId, viewId: 'msv_one', serverId: 'rms_one', spaceId: 'vlt_a', createdBy: null, at } }, 1);
const synced = recorded(
  { type: 'RemoteMcpServerToolsSynced', data: { workspaceId, serverId: 'rms_one', info: { name: 'orders', version: '1.1.0', description: 'Orders.' }, tools: [], at: at + 5 } },
  2,
);
const deleted = recorded({ type: 'RemoteMcpServerDeleted', data: { workspaceId, serverId: 'rms_one', viewIds: ['msv_one'], at: at + 9 } }, 3);

describe('remote MCP server projection', () => {
  it('keeps header names and never the sealed values', () => {
    const doc = project(remoteMcpServerProjection, [registered]).get('rms_one');
    expect(doc).toMatchObject({ id: 1, sId: 'rms_one', name: 'orders', headerNames: ['Authorization'], tools, syncedAt: at });
    expect(JSON.stringify(doc)).not.toContain('sealed');
  });

  it('follows a new listing, forgets a deleted server, and is unchanged by the same event twice', () => {
    expect(project(remoteMcpServerProjection, [registered, synced]).get('rms_one')).toMatchObject({ version: '1.1.0', description: 'Orders.', tools: [], syncedAt: at + 5 });
    expect(project(remoteMcpServerProjection, [registered, synced, deleted]).size).toBe(0);
    expect(project(remoteMcpServerProjection, [registered, synced, synced])).toEqual(project(remoteMcpServerProjection, [registered, synced]));
  });
});

describe('MCP server view projection', () => {
  it('keeps a view in its space until it or its server is deleted', () => {
    expect(project(mcpServerViewProjection, [registered, viewCreated]).get('msv_one')).toEqual({
      id: 2,
      sId: 'msv_one',
      workspaceId,
      spaceId: 'vlt_a',
      serverId: 'rms_one',
      createdBy: null,
      createdAt: at,
      updatedAt: at,
    });
    expect(project(mcpServerViewProjection, [registered, viewCreated, deleted]).size).toBe(0);
    const viewDeleted = recorded({ type: 'McpServerViewDeleted', data: { workspaceId, viewId: 'msv_one', serverId: 'rms_one', spaceId: 'vlt_a', at } }, 2);
    expect(project(mcpServerViewProjection, [registered, viewCreated, viewDeleted]).size).toBe(0);
    expect(project(mcpServerViewProjection, [viewCreated, viewCreated])).toEqual(project(mcpServerViewProjection, [viewCreated]));
  });
});
