import type { WorkspaceRole, WorkspaceSettings } from '@app/contracts/events/workspace.events';

/** A member as the decider needs them. */
export interface WorkspaceMember {
  readonly email: string;
  readonly role: WorkspaceRole;
}

/** An invitation not yet used nor withdrawn. */
export interface OpenInvitation {
  readonly invitationId: string;
  readonly email: string;
  readonly role: WorkspaceRole;
  readonly tokenHash: string;
  readonly expiresAt: number;
}

export type ActiveWorkspaceState = {
  readonly status: 'active';
  readonly workspaceId: string;
  readonly settings: WorkspaceSettings;
  /** Member user ids by lower-cased email. */
  readonly membersByEmail: ReadonlyMap<string, string>;
  /** Members by user id. */
  readonly members: ReadonlyMap<string, WorkspaceMember>;
  /** Open invitations by invitation id. */
  readonly invitations: ReadonlyMap<string, OpenInvitation>;
  /** Verified domains, lower-cased. */
  readonly domains: ReadonlySet<string>;
  /** User ids an admin removed (and nobody added back): a verified domain does not bring them back. */
  readonly removed: ReadonlySet<string>;
  /** Live keys: id → secret hash. */
  readonly keys: ReadonlyMap<string, string>;
  /** Names of the spaces, lower-cased (two spaces may not share a name). */
  readonly spaceNames: ReadonlySet<string>;
  /** Descriptions of the projects by space sId (absent key: not a project, or no such space). */
  readonly projects: ReadonlyMap<string, string | null>;
  /** Who each regular space and project holds, by space sId (absent: a space without members of its own). */
  readonly spaceMembers?: ReadonlyMap<string, SpaceMembership>;
};

/** Whether a space is restricted, and its members (user sIds). */
export type SpaceMembership = { readonly isRestricted: boolean; readonly memberIds: readonly string[] };

export type WorkspaceState = { readonly status: 'absent' } | ActiveWorkspaceState;
