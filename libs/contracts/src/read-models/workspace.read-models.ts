import type { Region, SpaceKind, WorkspaceRole, WorkspaceSettings } from '../events/workspace.events';

/** Read model of a workspace (`workspaces` collection, id = workspace sId): its current settings and more. */
export interface WorkspaceDocument extends WorkspaceSettings {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly region: Region;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly lastPosition: number;
  /** Domains whose verified addresses may join on their own (absent before any was verified). */
  readonly verifiedDomains?: readonly string[];
}

/** Read model of an API key (`api_keys` collection, id = SHA-256 hash of the secret). */
export interface ApiKeyDocument {
  [key: string]: unknown;
  readonly keyId: string;
  readonly workspaceId: string;
  /** The secret's first characters; null for keys created before they were recorded (absent in older documents). */
  readonly secretPrefix?: string | null;
  readonly role: WorkspaceRole;
  readonly userId: string | null;
  readonly createdAt: number;
}

/** The id of a membership document in the `users` collection. */
export function memberKey(workspaceId: string, userId: string): string {
  return `${workspaceId}:${userId}`;
}

/**
 * Read model of a workspace member (`users` collection, id = `memberKey(workspaceId, userId)`): one
 * document per membership, so one account can be a member of several workspaces.
 */
export interface UserDocument {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly username: string;
  readonly fullName: string;
  readonly role: WorkspaceRole;
  readonly createdAt: number;
}

/** Read model of a space (`spaces` collection, id = space sId). */
export interface SpaceDocument {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly kind: SpaceKind;
  readonly name: string;
  readonly isRestricted: boolean;
  readonly groupIds: string[];
  /** Members of a restricted space (absent in documents written before spaces had members). */
  readonly memberIds?: string[];
  /** A project's metadata (absent on other kinds). */
  readonly project?: ProjectMetadataFields;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** What a project holds besides its space: its description, with its own sId and times. */
export interface ProjectMetadataFields {
  readonly sId: string;
  readonly description: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}
