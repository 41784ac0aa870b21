import type { McpServerEvent } from '@app/contracts/events/mcp-server.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { requestFrames } from './mcp-request-stream.query';

const ref = { workspaceId: 'W0rkspace1', userId: 'Us3r000001', serverId: 'mcp-client-side:ide' };
const at = 1_700_000_000_000;

function recorded(event: McpServerEvent, revision: number): RecordedEvent {
  return { id: `id-${revision}`, streamName: 'mcpServer-x', revision, position: revision + 10, type: event.type, data: event.data, metadata: { schemaVersion: CURRENT_SCHEMA_VERSION }, recordedAt: at };
}
const sent = (requestId: string | null, revision: number) =>
  recorded(
    { type: 'McpRequestSent', data: { ...ref, requestId, message: { jsonrpc: '2.0', ...(requestId ? { id: requestId } : {}), method: requestId ? 'tools/list' : 'notifications/initialized' }, conversationId: 'c', messageId: 'm', at } },
    revision,
  );
const answered = (requestId: string, revision: number) => recorded({ type: 'McpResultReceived', data: { ...ref, requestId, message: { jsonrpc: '2.0', id: requestId, result: {} }, at } }, revision);

describe('requests stream frames', () => {
  it('frames each open request as its raw JSON-RPC message with the stream revision as event id', () => {
    const frames = requestFrames({ settled: new Set(), lastSettledRevision: -1 });
    expect(frames(sent('r1', 3))).toEqual([{ eventId: '3', data: { jsonrpc: '2.0', id: 'r1', method: 'tools/list' } }]);
    expect(frames(recorded({ type: 'McpServerRenewed', data: { ...ref, at, expiresAt: at + 1 } }, 4))).toEqual([]);
  });

  it('skips requests settled at opening or settled since, and notifications older than the last settlement', () => {
    const frames = requestFrames({ settled: new Set(['r1']), lastSettledRevision: 5 });
    expect(frames(sent('r1', 1))).toEqual([]);
    expect(frames(sent(null, 2))).toEqual([]);
    expect(frames(answered('r2', 6))).toEqual([]);
    expect(frames(sent('r2', 3))).toEqual([]);
    expect(frames(sent(null, 7))).toHaveLength(1);
    expect(frames(sent('r3', 8))).toHaveLength(1);
  });
});
