/**
 * Events of the workspace stream (`workspace-<sId>`): the workspace, its spaces, members (who are
 * accounts of `user.events.ts`, or members made for a key before accounts existed), invitations,
 * verified domains and API keys.
 */

export type Region = 'us-central1' | 'europe-west1';
export const REGIONS: readonly Region[] = ['us-central1', 'europe-west1'];

export type WorkspaceRole = 'admin' | 'builder' | 'user';
export const WORKSPACE_ROLES: readonly WorkspaceRole[] = ['admin', 'builder', 'user'];

export type SpaceKind = 'global' | 'conversations' | 'regular' | 'system' | 'project';

export interface WorkspaceSettings {
  readonly name: string;
  readonly ssoEnforced: boolean;
  readonly whiteListedProviders: string[] | null;
  readonly defaultEmbeddingProvider: string | null;
  readonly regionalModelsOnly: boolean;
  readonly segmentation: string | null;
  readonly metadata: Record<string, unknown> | null;
}

/** The settings every workspace starts with (the decider and the read model both start from these). */
export function initialWorkspaceSettings(name: string): WorkspaceSettings {
  return {
    name,
    ssoEnforced: false,
    whiteListedProviders: null,
    defaultEmbeddingProvider: null,
    regionalModelsOnly: false,
    segmentation: null,
    metadata: null,
  };
}

export type WorkspaceCreated = {
  readonly type: 'WorkspaceCreated';
  readonly data: { readonly workspaceId: string; readonly name: string; readonly region: Region; readonly at: number };
};

export type SpaceCreated = {
  readonly type: 'SpaceCreated';
  readonly data: {
    readonly workspaceId: string;
    readonly spaceId: string;
    readonly kind: SpaceKind;
    readonly name: string;
    readonly isRestricted: boolean;
    /** Members (user sIds) of a restricted space; absent on spaces created with the workspace. */
    readonly memberIds?: string[];
    /** sId of a project's metadata, created with it (description empty); absent on other kinds. */
    readonly projectMetadataId?: string;
    readonly at: number;
  };
};

/**
 * Who a regular space or a project holds changed (`PATCH …/spaces/{spaceId}/members`): whether it is
 * restricted, and its members (user sIds), the whole list each time.
 */
export type SpaceMembersChanged = {
  readonly type: 'SpaceMembersChanged';
  readonly data: { readonly workspaceId: string; readonly spaceId: string; readonly isRestricted: boolean; readonly memberIds: string[]; readonly at: number };
};

/** A project's description changed (`PATCH …/spaces/{spaceId}/project_metadata`). */
export type ProjectMetadataChanged = {
  readonly type: 'ProjectMetadataChanged';
  readonly data: { readonly workspaceId: string; readonly spaceId: string; readonly description: string | null; readonly at: number };
};

export type WorkspaceMemberAdded = {
  readonly type: 'WorkspaceMemberAdded';
  readonly data: {
    readonly workspaceId: string;
    readonly userId: string;
    readonly email: string;
    readonly username: string;
    readonly fullName: string;
    readonly role: WorkspaceRole;
    readonly at: number;
  };
};

/** A member's role changed (the workspace always keeps one admin). */
export type WorkspaceMemberRoleChanged = {
  readonly type: 'WorkspaceMemberRoleChanged';
  readonly data: { readonly workspaceId: string; readonly userId: string; readonly role: WorkspaceRole; readonly at: number };
};

/** A member left or was removed: their sessions and tokens no longer reach the workspace. */
export type WorkspaceMemberRemoved = {
  readonly type: 'WorkspaceMemberRemoved';
  readonly data: { readonly workspaceId: string; readonly userId: string; readonly at: number };
};

/** An invitation by email: a single-use link (only its SHA-256 is recorded) valid until `expiresAt`. */
export type WorkspaceInvitationCreated = {
  readonly type: 'WorkspaceInvitationCreated';
  readonly data: {
    readonly workspaceId: string;
    readonly invitationId: string;
    readonly email: string;
    readonly role: WorkspaceRole;
    readonly tokenHash: string;
    readonly expiresAt: number;
    /** The member who invited, or null for a key not bound to a member (or the CLI). */
    readonly invitedBy: string | null;
    readonly at: number;
  };
};

/** The invitation was used (the member is added by WorkspaceMemberAdded in the same batch) or withdrawn. */
export type WorkspaceInvitationClosed = {
  readonly type: 'WorkspaceInvitationClosed';
  readonly data: {
    readonly workspaceId: string;
    readonly invitationId: string;
    readonly tokenHash: string;
    readonly outcome: 'accepted' | 'revoked';
    readonly userId: string | null;
    readonly at: number;
  };
};

/** A domain whose verified addresses may join the workspace on their own (single sign-on). */
export type WorkspaceDomainVerified = {
  readonly type: 'WorkspaceDomainVerified';
  readonly data: { readonly workspaceId: string; readonly domain: string; readonly at: number };
};

export type WorkspaceDomainRemoved = {
  readonly type: 'WorkspaceDomainRemoved';
  readonly data: { readonly workspaceId: string; readonly domain: string; readonly at: number };
};

/** Only the SHA-256 hash of the secret is recorded: the secret itself never reaches the log. */
export type ApiKeyCreated = {
  readonly type: 'ApiKeyCreated';
  readonly data: {
    readonly workspaceId: string;
    readonly keyId: string;
    readonly secretHash: string;
    /**
     * The secret's first characters (`sk-` and 6 of its 32 hex digits, not enough to guess the
     * rest), so operators can tell keys apart. Absent on keys created before it was recorded.
     */
    readonly secretPrefix?: string;
    readonly role: WorkspaceRole;
    readonly userId: string | null;
    readonly at: number;
  };
};

export type ApiKeyRevoked = {
  readonly type: 'ApiKeyRevoked';
  readonly data: { readonly workspaceId: string; readonly keyId: string; readonly secretHash: string; readonly at: number };
};

/** Only the changed settings are present. */
export type WorkspaceSettingsChanged = {
  readonly type: 'WorkspaceSettingsChanged';
  readonly data: { readonly workspaceId: string; readonly changes: Partial<WorkspaceSettings>; readonly at: number };
};

export type WorkspaceEvent =
  | WorkspaceCreated
  | SpaceCreated
  | ProjectMetadataChanged
  | SpaceMembersChanged
  | WorkspaceMemberAdded
  | WorkspaceMemberRoleChanged
  | WorkspaceMemberRemoved
  | WorkspaceInvitationCreated
  | WorkspaceInvitationClosed
  | WorkspaceDomainVerified
  | WorkspaceDomainRemoved
  | ApiKeyCreated
  | ApiKeyRevoked
  | WorkspaceSettingsChanged;

export const WORKSPACE_EVENT_TYPES = [
  'WorkspaceCreated',
  'SpaceCreated',
  'ProjectMetadataChanged',
  'SpaceMembersChanged',
  'WorkspaceMemberAdded',
  'WorkspaceMemberRoleChanged',
  'WorkspaceMemberRemoved',
  'WorkspaceInvitationCreated',
  'WorkspaceInvitationClosed',
  'WorkspaceDomainVerified',
  'WorkspaceDomainRemoved',
  'ApiKeyCreated',
  'ApiKeyRevoked',
  'WorkspaceSettingsChanged',
] as const satisfies readonly WorkspaceEvent['type'][];

/** Narrows a stored event to a workspace event by its type. */
export function isWorkspaceEvent(event: { readonly type: string; readonly data: unknown }): event is WorkspaceEvent {
  return (WORKSPACE_EVENT_TYPES as readonly string[]).includes(event.type);
}
