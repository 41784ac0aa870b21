import type {
  AgentAuthor,
  AgentConfigurationEvent,
  AgentFavoriteEvent,
} from '@app/contracts/events/agent-configuration.events';
import { fixtureAgentConfiguration } from '@app/contracts/test/agent-configuration.fixtures';
import type { RecordedEvent } from '@app/storage';
import { agentConfigurationVersionProjection } from './agent-configuration-version.projection';
import { agentConfigurationProjection } from './agent-configuration.projection';
import { agentFavoriteProjection } from './agent-favorite.projection';
import { project } from '../../test/conversation-recorded.fixtures';

const W = 'W0rkspace1';
const A = 'Ag3nt00001';
const T0 = 1_700_000_000_000;
const ada: AgentAuthor = { userId: 'Us3r000001', id: 12, fullName: 'Ada', image: null };
const bob: AgentAuthor = { userId: 'Us3r000002', id: 13, fullName: 'Bob', image: null };
// Capitalised, so that nameKey shows the case folding.
const snapshot = fixtureAgentConfiguration({ name: 'Helper' });

function rec(event: AgentConfigurationEvent | AgentFavoriteEvent, position: number): RecordedEvent {
  return {
    id: `id-${position}`,
    streamName: 'data' in event && 'agentConfigurationId' in event.data ? `agent_configuration-${event.data.agentConfigurationId}` : 'agent_favorites-x',
    revision: position,
    position,
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: 1 },
    recordedAt: event.data.at,
  };
}

const base = { workspaceId: W, agentConfigurationId: A };
const history = [
  rec({ type: 'AgentConfigurationCreated', data: { ...base, version: 0, configuration: snapshot, author: ada, at: T0 } }, 10),
  rec({ type: 'AgentConfigurationUpdated', data: { ...base, version: 1, configuration: { ...snapshot, name: 'Helper2' }, author: bob, at: T0 + 1 } }, 11),
  rec({ type: 'AgentConfigurationUpdated', data: { ...base, version: 2, configuration: { ...snapshot, scope: 'hidden' }, author: ada, at: T0 + 2 } }, 12),
  rec({ type: 'AgentConfigurationArchived', data: { ...base, author: null, at: T0 + 3 } }, 13),
];

describe('agent configuration projection', () => {
  it('keeps the current version, the editors most recent first, and every version summary', () => {
    const doc = project(agentConfigurationProjection, history).get(A);
    expect(doc).toMatchObject({
      id: 12,
      sId: A,
      workspaceId: W,
      status: 'archived',
      scope: 'hidden',
      nameKey: 'helper',
      version: 2,
      versionCreatedAt: T0 + 2,
      versionAuthor: ada,
      editors: [ada, bob],
      createdAt: T0,
      updatedAt: T0 + 3,
      lastPosition: 13,
    });
    expect(doc?.versions.map((v) => [v.version, v.id, v.author?.userId])).toEqual([
      [0, 10, ada.userId],
      [1, 11, bob.userId],
      [2, 12, ada.userId],
    ]);
  });

  it('restores to the status of the last version', () => {
    const restored = rec({ type: 'AgentConfigurationRestored', data: { ...base, author: ada, at: T0 + 4 } }, 14);
    expect(project(agentConfigurationProjection, [...history, restored]).get(A)?.status).toBe('active');
  });

  it('applying the same events twice changes nothing', () => {
    const once = project(agentConfigurationProjection, history);
    expect(project(agentConfigurationProjection, history, once)).toEqual(once);
  });

  it('ignores an update without a creation', () => {
    expect(project(agentConfigurationProjection, history.slice(1, 2)).size).toBe(0);
  });
});

describe('a pending agent', () => {
  const pending = [
    rec({ type: 'AgentConfigurationCreated', data: { ...base, version: 0, configuration: { ...snapshot, name: '__PENDING__', status: 'pending' }, author: ada, at: T0 } }, 20),
    rec({ type: 'AgentConfigurationUpdated', data: { ...base, version: 0, configuration: snapshot, author: ada, at: T0 + 5 } }, 21),
  ];

  it('reads pending until its first save, which replaces it as version 0', () => {
    expect(project(agentConfigurationProjection, pending.slice(0, 1)).get(A)).toMatchObject({ status: 'pending', nameKey: '__pending__', version: 0 });
    const saved = project(agentConfigurationProjection, pending);
    expect(saved.get(A)).toMatchObject({ status: 'active', nameKey: 'helper', version: 0, createdAt: T0 + 5, versions: [{ version: 0, id: 21, at: T0 + 5, author: ada }] });
    expect(project(agentConfigurationProjection, pending, saved)).toEqual(saved);
  });

  it('keeps the saved version 0, not the placeholder', () => {
    const docs = project(agentConfigurationVersionProjection, pending);
    expect(docs.get(`${A}:0`)).toMatchObject({ id: 21, configuration: snapshot });
    expect(project(agentConfigurationVersionProjection, pending, docs)).toEqual(docs);
  });
});

describe('agent configuration version projection', () => {
  it('keeps one immutable document per version', () => {
    const docs = project(agentConfigurationVersionProjection, history);
    expect([...docs.keys()]).toEqual([`${A}:0`, `${A}:1`, `${A}:2`]);
    expect(docs.get(`${A}:1`)).toEqual({ id: 11, sId: A, workspaceId: W, version: 1, at: T0 + 1, author: bob, configuration: { ...snapshot, name: 'Helper2' } });
    expect(project(agentConfigurationVersionProjection, history, docs)).toEqual(docs);
  });
});

describe('agent favorite projection', () => {
  const fav = (agentConfigurationId: string, favorite: boolean, position: number) =>
    rec({ type: 'AgentFavoriteSet', data: { workspaceId: W, userId: ada.userId, agentConfigurationId, favorite, at: T0 } }, position);
  const events = [fav('dust', true, 1), fav(A, true, 2), fav('dust', false, 3), fav('dust', true, 4)];

  it('keeps the favorite ids in the order they were last added', () => {
    expect(project(agentFavoriteProjection, events).get(ada.userId)).toEqual({ workspaceId: W, userId: ada.userId, agentIds: [A, 'dust'], lastPosition: 4 });
  });

  it('applying the same events twice changes nothing', () => {
    const once = project(agentFavoriteProjection, events);
    expect(project(agentFavoriteProjection, events, once)).toEqual(once);
  });
});
