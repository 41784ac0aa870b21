import type { McpServerEvent } from '@app/contracts/events/mcp-server.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { mcpServerProjection as projection } from './mcp-server.projection';

const at = 1_700_000_000_000;
const ref = { workspaceId: 'W0rkspace1', userId: 'Us3r000001', serverId: 'mcp-client-side:ide.1' };
const key = 'W0rkspace1.Us3r000001.mcp-client-side:ide.1';

function recorded(event: McpServerEvent, revision: number): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(revision).padStart(12, '0')}`,
    streamName: `mcpServer-${key}`,
    revision,
    position: revision + 1,
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: at,
  };
}

const registered = recorded({ type: 'McpServerRegistered', data: { ...ref, serverName: 'My IDE', slug: 'my_ide', at, expiresAt: at + 600_000 } }, 0);

describe('mcp server projection', () => {
  it('keeps a registration by workspace, user and server id, expiring with it', () => {
    const documents = project(projection, [registered]);
    expect(documents).toEqual(new Map([[key, { ...ref, serverName: 'My IDE', slug: 'my_ide', registeredAt: at, expiresAt: at + 600_000 }]]));
    expect(projection.expiresAt?.(documents.get(key)!)).toBe(at + 600_000);
  });

  it('moves the expiry on renewal and ignores the messages exchanged', () => {
    const renewed = recorded({ type: 'McpServerRenewed', data: { ...ref, at: at + 1000, expiresAt: at + 601_000 } }, 1);
    const request = recorded(
      { type: 'McpRequestSent', data: { ...ref, requestId: 'r1', message: { jsonrpc: '2.0', id: 'r1', method: 'tools/list' }, conversationId: 'c', messageId: 'm', at } },
      2,
    );
    expect(project(projection, [registered, renewed, request]).get(key)?.expiresAt).toBe(at + 601_000);
  });

  it('forgets a deregistered server', () => {
    const gone = recorded({ type: 'McpServerDeregistered', data: { ...ref, at: at + 5 } }, 1);
    expect(project(projection, [registered, gone]).size).toBe(0);
  });
});
