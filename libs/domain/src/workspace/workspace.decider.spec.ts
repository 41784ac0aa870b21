import type { WorkspaceEvent } from '@app/contracts/events/workspace.events';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { WorkspaceCommand } from './workspace.commands';
import { workspaceDecider } from './workspace.decider';

const now = 1_700_000_000_000;
const create: WorkspaceCommand = {
  type: 'CreateWorkspace',
  workspaceId: 'W0rkspace1',
  name: 'Acme',
  region: 'europe-west1',
  globalSpaceId: 'vlt_global0001',
  conversationsSpaceId: 'vlt_convers001',
  now,
};

function given(events: WorkspaceEvent[]) {
  const state = foldEvents(workspaceDecider, events);
  return { when: (command: WorkspaceCommand) => workspaceDecider.decide(command, state) };
}

describe('workspace decider', () => {
  const created = workspaceDecider.decide(create, workspaceDecider.initialState());

  it('creates the workspace with its global and conversations spaces', () => {
    expect(created.map((e) => e.type)).toEqual(['WorkspaceCreated', 'SpaceCreated', 'SpaceCreated']);
    expect(created[0]).toEqual({ type: 'WorkspaceCreated', data: { workspaceId: 'W0rkspace1', name: 'Acme', region: 'europe-west1', at: now } });
    expect(created.slice(1).map((e) => (e.type === 'SpaceCreated' ? [e.data.spaceId, e.data.kind] : null))).toEqual([
      ['vlt_global0001', 'global'],
      ['vlt_convers001', 'conversations'],
    ]);
  });

  it('creating an existing workspace again is a no-op', () => {
    expect(given(created).when(create)).toEqual([]);
  });

  it('rejects commands on a workspace that does not exist', () => {
    const command: WorkspaceCommand = { type: 'RevokeApiKey', keyId: 'k', now };
    expect(() => given([]).when(command)).toThrow(DomainError);
    try {
      given([]).when(command);
    } catch (error) {
      expect(error instanceof DomainError && error.type).toBe('workspace_not_found');
    }
  });

  it('creates an admin key not bound to a user', () => {
    const events = given(created).when({ type: 'CreateApiKey', keyId: 'key1', secretHash: 'h1', secretPrefix: 'sk-111111', role: 'admin', user: null, now });
    expect(events).toEqual([
      { type: 'ApiKeyCreated', data: { workspaceId: 'W0rkspace1', keyId: 'key1', secretHash: 'h1', secretPrefix: 'sk-111111', role: 'admin', userId: null, at: now } },
    ]);
  });

  it('a key bound to a new email adds the member first; a second key reuses the member', () => {
    const first = given(created).when({
      type: 'CreateApiKey',
      keyId: 'key1',
      secretHash: 'h1',
      secretPrefix: 'sk-111111',
      role: 'user',
      user: { email: 'Ada@Example.com', newUserId: 'Us3r000001' },
      now,
    });
    expect(first.map((e) => e.type)).toEqual(['WorkspaceMemberAdded', 'ApiKeyCreated']);
    expect(first[0]?.data).toMatchObject({ userId: 'Us3r000001', email: 'ada@example.com', username: 'ada' });
    expect(first[1]?.data).toMatchObject({ userId: 'Us3r000001' });

    const second = given([...created, ...first]).when({
      type: 'CreateApiKey',
      keyId: 'key2',
      secretHash: 'h2',
      secretPrefix: 'sk-222222',
      role: 'builder',
      user: { email: 'ada@example.com', newUserId: 'Us3r000002' },
      now,
    });
    expect(second).toEqual([
      { type: 'ApiKeyCreated', data: { workspaceId: 'W0rkspace1', keyId: 'key2', secretHash: 'h2', secretPrefix: 'sk-222222', role: 'builder', userId: 'Us3r000001', at: now } },
    ]);
  });

  it('revokes a live key once', () => {
    const key: WorkspaceEvent = { type: 'ApiKeyCreated', data: { workspaceId: 'W0rkspace1', keyId: 'key1', secretHash: 'h1', role: 'admin', userId: null, at: now } };
    const revoke: WorkspaceCommand = { type: 'RevokeApiKey', keyId: 'key1', now };
    const revoked = given([...created, key]).when(revoke);
    expect(revoked).toEqual([{ type: 'ApiKeyRevoked', data: { workspaceId: 'W0rkspace1', keyId: 'key1', secretHash: 'h1', at: now } }]);
    expect(given([...created, key, ...revoked]).when(revoke)).toEqual([]);
  });

  it('records only settings that change', () => {
    const events = given(created).when({ type: 'UpdateWorkspaceSettings', changes: { name: 'Acme', ssoEnforced: true }, now });
    expect(events).toEqual([{ type: 'WorkspaceSettingsChanged', data: { workspaceId: 'W0rkspace1', changes: { ssoEnforced: true }, at: now } }]);
    expect(given([...created, ...events]).when({ type: 'UpdateWorkspaceSettings', changes: { ssoEnforced: true }, now })).toEqual([]);
  });

  it('creates a regular space with its members; refuses a taken name and unknown members', () => {
    const member: WorkspaceEvent = {
      type: 'WorkspaceMemberAdded',
      data: { workspaceId: 'W0rkspace1', userId: 'Us3r000001', email: 'ada@example.com', username: 'ada', fullName: 'ada', role: 'user', at: now },
    };
    const command: WorkspaceCommand = {
      type: 'CreateSpace',
      spaceId: 'vlt_board',
      kind: 'regular',
      projectMetadataId: 'pmd_unused',
      name: ' Board ',
      isRestricted: true,
      memberIds: ['Us3r000001', 'Us3r000001'],
      now,
    };
    const events = given([...created, member]).when(command);
    expect(events).toEqual([
      {
        type: 'SpaceCreated',
        data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_board', kind: 'regular', name: 'Board', isRestricted: true, memberIds: ['Us3r000001'], at: now },
      },
    ]);
    expect(() => given([...created, member, ...events]).when({ ...command, spaceId: 'vlt_other', name: 'board' })).toThrow('already exists');
    expect(() => given([...created, member]).when({ ...command, name: 'company data' })).toThrow('already exists');
    expect(() => given([...created]).when(command)).toThrow('Unknown members: Us3r000001');
  });

  it('creates a project with its metadata, whose description changes once per new value', () => {
    const creation: WorkspaceCommand = {
      type: 'CreateSpace',
      spaceId: 'vlt_launch',
      kind: 'project',
      projectMetadataId: 'pmd_launch',
      name: 'Launch',
      isRestricted: true,
      memberIds: [],
      now,
    };
    const projectCreated = given(created).when(creation);
    expect(projectCreated).toEqual([
      {
        type: 'SpaceCreated',
        data: {
          workspaceId: 'W0rkspace1',
          spaceId: 'vlt_launch',
          kind: 'project',
          name: 'Launch',
          isRestricted: true,
          memberIds: [],
          projectMetadataId: 'pmd_launch',
          at: now,
        },
      },
    ]);
    const update: WorkspaceCommand = { type: 'UpdateProjectMetadata', spaceId: 'vlt_launch', description: 'Autumn launch', now: now + 1 };
    const changed = given([...created, ...projectCreated]).when(update);
    expect(changed).toEqual([
      { type: 'ProjectMetadataChanged', data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_launch', description: 'Autumn launch', at: now + 1 } },
    ]);
    expect(given([...created, ...projectCreated, ...changed]).when(update)).toEqual([]);
    expect(given([...created, ...projectCreated, ...changed]).when({ ...update, description: null })).toHaveLength(1);
    expect(() => given(created).when({ ...update, spaceId: 'vlt_global0001' })).toThrow(DomainError);
    expect(() => given(created).when({ ...update, spaceId: 'vlt_global0001' })).toThrow('only available for project spaces');
  });

  it("sets who a regular space or a project holds, once per change; refuses other spaces and unknown members", () => {
    const member: WorkspaceEvent = {
      type: 'WorkspaceMemberAdded',
      data: { workspaceId: 'W0rkspace1', userId: 'Us3r000001', email: 'ada@example.com', username: 'ada', fullName: 'ada', role: 'user', at: now },
    };
    const launch = given([...created, member]).when({ type: 'CreateSpace', spaceId: 'vlt_launch', kind: 'project', projectMetadataId: 'pmd_launch', name: 'Launch', isRestricted: true, memberIds: [], now });
    const history = [...created, member, ...launch];
    const join: WorkspaceCommand = { type: 'SetSpaceMembers', spaceId: 'vlt_launch', isRestricted: true, memberIds: ['Us3r000001', 'Us3r000001'], now: now + 1 };
    const joined = given(history).when(join);
    expect(joined).toEqual([{ type: 'SpaceMembersChanged', data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_launch', isRestricted: true, memberIds: ['Us3r000001'], at: now + 1 } }]);
    expect(given([...history, ...joined]).when(join)).toEqual([]);
    expect(given([...history, ...joined]).when({ ...join, memberIds: [] })).toHaveLength(1);
    expect(() => given(history).when({ ...join, memberIds: ['Nobody0001'] })).toThrow('Unknown members: Nobody0001');
    expect(() => given(history).when({ ...join, spaceId: 'vlt_global0001' })).toThrow('Only regular spaces and projects have members.');
  });
});
