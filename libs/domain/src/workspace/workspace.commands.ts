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

/** A regular space or a project; a restricted one is seen only by admins and its members. */
export type CreateSpace = {
  readonly type: 'CreateSpace';
  readonly spaceId: string;
  readonly kind: 'regular' | 'project';
  /** sId of the metadata a project is created with (unused for a regular space). */
  readonly projectMetadataId: string;
  readonly name: string;
  readonly isRestricted: boolean;
  readonly memberIds: readonly string[];
  readonly now: number;
};

/** Sets who a regular space or a project holds: restricted or not, and its members (the whole list). */
export type SetSpaceMembers = {
  readonly type: 'SetSpaceMembers';
  readonly spaceId: string;
  readonly isRestricted: boolean;
  readonly memberIds: readonly string[];
  readonly now: number;
};

/** Sets a project's description (null clears it). */
export type UpdateProjectMetadata = {
  readonly type: 'UpdateProjectMetadata';
  readonly spaceId: string;
  readonly description: string | null;
  readonly now: number;
};

export type WorkspaceCommand =
  | CreateWorkspace
  | CreateApiKey
  | RevokeApiKey
  | UpdateWorkspaceSettings
  | CreateSpace
  | UpdateProjectMetadata
  | SetSpaceMembers
  | MembershipCommand;

/** The person a membership is for: an account (or a member made for a key), as the message shows them. */
export type MemberIdentity = {
  readonly userId: string;
  readonly email: string;
  readonly username: string;
  readonly fullName: string;
};

/** Adds an account as a member (nothing when they are one already). */
export type AddMember = { readonly type: 'AddMember'; readonly member: MemberIdentity; readonly role: WorkspaceRole; readonly now: number };

/** The last admin can be neither demoted nor removed. */
export type ChangeMemberRole = { readonly type: 'ChangeMemberRole'; readonly userId: string; readonly role: WorkspaceRole; readonly now: number };
export type RemoveMember = { readonly type: 'RemoveMember'; readonly userId: string; readonly now: number };

export type InviteMember = {
  readonly type: 'InviteMember';
  readonly invitationId: string;
  readonly email: string;
  readonly role: WorkspaceRole;
  readonly tokenHash: string;
  readonly expiresAt: number;
  readonly invitedBy: string | null;
  readonly now: number;
};

/** Uses an invitation: the account's address must be the one invited. */
export type AcceptInvitation = { readonly type: 'AcceptInvitation'; readonly tokenHash: string; readonly member: MemberIdentity; readonly now: number };
export type RevokeInvitation = { readonly type: 'RevokeInvitation'; readonly invitationId: string; readonly now: number };

/** An account whose verified address is of a verified domain joins as a `user` (single sign-on). */
export type JoinByVerifiedDomain = { readonly type: 'JoinByVerifiedDomain'; readonly member: MemberIdentity; readonly now: number };

export type VerifyDomain = { readonly type: 'VerifyDomain'; readonly domain: string; readonly now: number };
export type RemoveDomain = { readonly type: 'RemoveDomain'; readonly domain: string; readonly now: number };

export type MembershipCommand =
  | AddMember
  | ChangeMemberRole
  | RemoveMember
  | InviteMember
  | AcceptInvitation
  | RevokeInvitation
  | JoinByVerifiedDomain
  | VerifyDomain
  | RemoveDomain;
