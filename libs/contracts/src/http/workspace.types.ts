import type { WorkspaceWire } from './conversation.types';

/** Workspace as the private API returns it (spec 2.3): a conversation's owner, with every field present. */
export interface WorkspaceResponse extends WorkspaceWire {
  readonly ssoEnforced: boolean;
  readonly metadata: Record<string, unknown> | null;
}

/** Space as the official client validates it (`getSpaces()`). */
export interface SpaceResponse {
  readonly sId: string;
  readonly name: string;
  readonly kind: string;
  readonly isRestricted: boolean;
  readonly groupIds: string[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** `GET /api/w/{wId}` and `POST /api/w/{wId}`. */
export interface GetWorkspaceResponse {
  readonly workspace: WorkspaceResponse;
}

/** `GET …/spaces`. */
export interface ListSpacesResponse {
  readonly spaces: SpaceResponse[];
}

/** `POST /api/w/{wId}/spaces`. */
export interface CreateSpaceResponse {
  readonly space: SpaceResponse;
}
