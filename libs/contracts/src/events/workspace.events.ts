/** Events of the workspace stream (`workspace-<sId>`): the workspace, its spaces, members and API keys. */

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
    readonly at: number;
  };
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
  | WorkspaceMemberAdded
  | ApiKeyCreated
  | ApiKeyRevoked
  | WorkspaceSettingsChanged;

export const WORKSPACE_EVENT_TYPES = [
  'WorkspaceCreated',
  'SpaceCreated',
  'WorkspaceMemberAdded',
  'ApiKeyCreated',
  'ApiKeyRevoked',
  'WorkspaceSettingsChanged',
] as const satisfies readonly WorkspaceEvent['type'][];

/** Narrows a stored event to a workspace event by its type. */
export function isWorkspaceEvent(event: { readonly type: string; readonly data: unknown }): event is WorkspaceEvent {
  return (WORKSPACE_EVENT_TYPES as readonly string[]).includes(event.type);
}
