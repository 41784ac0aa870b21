import type { WorkspaceEvent } from '@app/contracts/events/workspace.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { apiKeyProjection as projection } from './api-key.projection';

function recorded(event: WorkspaceEvent, position: number): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamName: 'workspace-W0rkspace1',
    revision: position,
    position,
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: 1_700_000_000_000,
  };
}

const base = { workspaceId: 'W0rkspace1', keyId: 'key_1', secretHash: 'hash1', role: 'admin', userId: null, at: 1_700_000_000_000 } as const;
const created = recorded({ type: 'ApiKeyCreated', data: { ...base, secretPrefix: 'sk-56882a' } }, 1);

describe('api key projection', () => {
  it('keeps a live key by the hash of its secret, with the prefix that tells it apart', () => {
    expect(project(projection, [created])).toEqual(
      new Map([['hash1', { keyId: 'key_1', workspaceId: 'W0rkspace1', secretPrefix: 'sk-56882a', role: 'admin', userId: null, createdAt: base.at }]]),
    );
  });

  it('a key created before prefixes were recorded has a null prefix', () => {
    expect(project(projection, [recorded({ type: 'ApiKeyCreated', data: base }, 1)]).get('hash1')?.secretPrefix).toBeNull();
  });

  it('forgets a revoked key, so it no longer authenticates', () => {
    const revoked = recorded({ type: 'ApiKeyRevoked', data: { workspaceId: 'W0rkspace1', keyId: 'key_1', secretHash: 'hash1', at: base.at } }, 2);
    expect(project(projection, [created, revoked]).size).toBe(0);
  });

  it('applying the same event twice changes nothing', () => {
    const once = project(projection, [created]);
    expect(project(projection, [created], once)).toEqual(once);
  });
});
