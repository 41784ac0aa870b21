import { toWorkspaceStreamName } from './workspace.stream';
import { initialWorkspaceSettings, type WorkspaceEvent, type WorkspaceSettings } from '@app/contracts/events/workspace.events';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { CreateSpace, SetSpaceMembers, UpdateProjectMetadata, WorkspaceCommand } from './workspace.commands';
import { decideMembership } from './workspace.decide-members';
import { evolveMembership } from './workspace.evolve-members';
import type { ActiveWorkspaceState, WorkspaceState } from './workspace.state';

function decide(command: WorkspaceCommand, state: WorkspaceState): WorkspaceEvent[] {
  if (command.type === 'CreateWorkspace') {
    if (state.status !== 'absent') return [];
    const { workspaceId, now: at } = command;
    return [
      { type: 'WorkspaceCreated', data: { workspaceId, name: command.name, region: command.region, at } },
      {
        type: 'SpaceCreated',
        data: { workspaceId, spaceId: command.globalSpaceId, kind: 'global', name: 'Company Data', isRestricted: false, at },
      },
      {
        type: 'SpaceCreated',
        data: {
          workspaceId,
          spaceId: command.conversationsSpaceId,
          kind: 'conversations',
          name: 'Conversations',
          isRestricted: false,
          at,
        },
      },
    ];
  }
  if (state.status === 'absent') throw new DomainError('workspace_not_found', 'The workspace was not found.');
  const { workspaceId } = state;
  switch (command.type) {
    case 'CreateApiKey': {
      if (state.keys.has(command.keyId)) return [];
      const events: WorkspaceEvent[] = [];
      let userId: string | null = null;
      if (command.user) {
        const email = command.user.email.trim().toLowerCase();
        userId = state.membersByEmail.get(email) ?? null;
        if (userId === null) {
          userId = command.user.newUserId;
          const username = email.split('@')[0] ?? email;
          events.push({
            type: 'WorkspaceMemberAdded',
            data: { workspaceId, userId, email, username, fullName: username, role: command.role, at: command.now },
          });
        }
      }
      events.push({
        type: 'ApiKeyCreated',
        data: {
          workspaceId,
          keyId: command.keyId,
          secretHash: command.secretHash,
          secretPrefix: command.secretPrefix,
          role: command.role,
          userId,
          at: command.now,
        },
      });
      return events;
    }
    case 'RevokeApiKey': {
      const secretHash = state.keys.get(command.keyId);
      if (secretHash === undefined) return [];
      return [{ type: 'ApiKeyRevoked', data: { workspaceId, keyId: command.keyId, secretHash, at: command.now } }];
    }
    case 'CreateSpace':
      return createSpace(state, command);
    case 'UpdateProjectMetadata':
      return updateProjectMetadata(state, command);
    case 'SetSpaceMembers':
      return setSpaceMembers(state, command);
    case 'UpdateWorkspaceSettings': {
      const changes = changedSettings(state.settings, command.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'WorkspaceSettingsChanged', data: { workspaceId, changes, at: command.now } }];
    }
    default:
      return decideMembership(state, command);
  }
}

function createSpace(state: ActiveWorkspaceState, command: CreateSpace): WorkspaceEvent[] {
  const name = command.name.trim();
  if (state.spaceNames.has(name.toLowerCase())) {
    throw new DomainError('invalid_request_error', `A space named "${name}" already exists in this workspace.`);
  }
  const members = new Set(state.membersByEmail.values());
  const unknown = command.memberIds.filter((id) => !members.has(id));
  if (unknown.length > 0) {
    throw new DomainError('invalid_request_error', `Unknown members: ${unknown.join(', ')} (memberIds are user sIds of the workspace).`);
  }
  return [
    {
      type: 'SpaceCreated',
      data: {
        workspaceId: state.workspaceId,
        spaceId: command.spaceId,
        kind: command.kind,
        name,
        isRestricted: command.isRestricted,
        memberIds: [...new Set(command.memberIds)],
        ...(command.kind === 'project' ? { projectMetadataId: command.projectMetadataId } : {}),
        at: command.now,
      },
    },
  ];
}

function setSpaceMembers(state: ActiveWorkspaceState, command: SetSpaceMembers): WorkspaceEvent[] {
  const current = state.spaceMembers?.get(command.spaceId);
  if (!current) throw new DomainError('invalid_request_error', 'Only regular spaces and projects have members.');
  const memberIds = [...new Set(command.memberIds)];
  const members = new Set(state.membersByEmail.values());
  const unknown = memberIds.filter((id) => !members.has(id));
  if (unknown.length > 0) {
    throw new DomainError('invalid_request_error', `Unknown members: ${unknown.join(', ')} (memberIds are user sIds of the workspace).`);
  }
  const same = current.isRestricted === command.isRestricted && current.memberIds.length === memberIds.length && memberIds.every((id) => current.memberIds.includes(id));
  if (same) return [];
  return [{ type: 'SpaceMembersChanged', data: { workspaceId: state.workspaceId, spaceId: command.spaceId, isRestricted: command.isRestricted, memberIds, at: command.now } }];
}

function updateProjectMetadata(state: ActiveWorkspaceState, command: UpdateProjectMetadata): WorkspaceEvent[] {
  if (!state.projects.has(command.spaceId)) {
    throw new DomainError('invalid_request_error', 'Project metadata is only available for project spaces.');
  }
  if (state.projects.get(command.spaceId) === command.description) return [];
  return [
    {
      type: 'ProjectMetadataChanged',
      data: { workspaceId: state.workspaceId, spaceId: command.spaceId, description: command.description, at: command.now },
    },
  ];
}

/** Keeps only the settings whose value actually changes, so a repeated update is a no-op. */
function changedSettings(current: WorkspaceSettings, requested: Partial<WorkspaceSettings>): Partial<WorkspaceSettings> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(requested)) {
    if (value === undefined) continue;
    if (JSON.stringify(current[key as keyof WorkspaceSettings]) !== JSON.stringify(value)) changes[key] = value;
  }
  return changes as Partial<WorkspaceSettings>;
}

function evolve(state: WorkspaceState, event: WorkspaceEvent): WorkspaceState {
  switch (event.type) {
    case 'WorkspaceCreated':
      return {
        status: 'active',
        workspaceId: event.data.workspaceId,
        settings: initialWorkspaceSettings(event.data.name),
        membersByEmail: new Map(),
        members: new Map(),
        invitations: new Map(),
        domains: new Set(),
        removed: new Set(),
        keys: new Map(),
        spaceNames: new Set(),
        projects: new Map(),
      };
    case 'SpaceCreated': {
      if (state.status !== 'active') return state;
      const { kind, spaceId, isRestricted } = event.data;
      const spaceNames = new Set(state.spaceNames).add(event.data.name.toLowerCase());
      if (kind !== 'project' && kind !== 'regular') return { ...state, spaceNames };
      const spaceMembers = new Map(state.spaceMembers).set(spaceId, { isRestricted, memberIds: event.data.memberIds ?? [] });
      if (kind !== 'project') return { ...state, spaceNames, spaceMembers };
      return { ...state, spaceNames, spaceMembers, projects: new Map(state.projects).set(spaceId, null) };
    }
    case 'SpaceMembersChanged': {
      if (state.status !== 'active' || !state.spaceMembers?.has(event.data.spaceId)) return state;
      const { isRestricted, memberIds } = event.data;
      return { ...state, spaceMembers: new Map(state.spaceMembers).set(event.data.spaceId, { isRestricted, memberIds }) };
    }
    case 'ProjectMetadataChanged':
      if (state.status !== 'active' || !state.projects.has(event.data.spaceId)) return state;
      return { ...state, projects: new Map(state.projects).set(event.data.spaceId, event.data.description) };
    case 'WorkspaceMemberAdded':
    case 'WorkspaceMemberRoleChanged':
    case 'WorkspaceMemberRemoved':
    case 'WorkspaceInvitationCreated':
    case 'WorkspaceInvitationClosed':
    case 'WorkspaceDomainVerified':
    case 'WorkspaceDomainRemoved':
      return state.status === 'active' ? evolveMembership(state, event) : state;
    case 'ApiKeyCreated':
      if (state.status !== 'active') return state;
      return { ...state, keys: new Map(state.keys).set(event.data.keyId, event.data.secretHash) };
    case 'ApiKeyRevoked': {
      if (state.status !== 'active') return state;
      const keys = new Map(state.keys);
      keys.delete(event.data.keyId);
      return { ...state, keys };
    }
    case 'WorkspaceSettingsChanged':
      if (state.status !== 'active') return state;
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    default:
      return assertNever(event);
  }
}

/** The workspace aggregate: creation with its two spaces, members, API keys and settings. */
export const workspaceDecider: Decider<WorkspaceCommand, WorkspaceEvent, WorkspaceState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent' }),
};

/** The workspace, by workspace sId. */
export const workspaceAggregate: Aggregate<WorkspaceCommand, WorkspaceEvent, WorkspaceState> = { decider: workspaceDecider, streamName: toWorkspaceStreamName };
