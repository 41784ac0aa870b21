import type { Region, WorkspaceRole, WorkspaceSettings } from '@app/contracts/events/workspace.events';

export type CreateWorkspace = {
  readonly type: 'CreateWorkspace';
  readonly workspaceId: string;
  readonly name: string;
  readonly region: Region;
  readonly globalSpaceId: string;
  readonly conversationsSpaceId: string;
  readonly now: number;
};

/** Creates a key; when `user` is given the key acts as that member, who joins if new. */
export type CreateApiKey = {
  readonly type: 'CreateApiKey';
  readonly keyId: string;
  readonly secretHash: string;
  /** The secret's first characters, recorded so operators can tell keys apart. */
  readonly secretPrefix: string;
  readonly role: WorkspaceRole;
  readonly user: { readonly email: string; readonly newUserId: string } | null;
  readonly now: number;
};

export type RevokeApiKey = { readonly type: 'RevokeApiKey'; readonly keyId: string; readonly now: number };

export type UpdateWorkspaceSettings = {
  readonly type: 'UpdateWorkspaceSettings';
  readonly changes: Partial<WorkspaceSettings>;
  readonly now: number;
};

/** A regular space; a restricted one is seen only by admins and its members. */
export type CreateSpace = {
  readonly type: 'CreateSpace';
  readonly spaceId: string;
  readonly name: string;
  readonly isRestricted: boolean;
  readonly memberIds: readonly string[];
  readonly now: number;
};

export type WorkspaceCommand = CreateWorkspace | CreateApiKey | RevokeApiKey | UpdateWorkspaceSettings | CreateSpace;
