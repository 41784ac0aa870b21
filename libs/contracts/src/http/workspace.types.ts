import type { WorkspaceWire } from './conversation.types';
import type { ModelEntry } from '../language-models/model.types';

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

/** `GET /api/v1/w/{wId}/feature_flags`: the flags turned on for the workspace. */
export interface GetWorkspaceFeatureFlagsResponse {
  readonly feature_flags: readonly string[];
}

/** `GET /api/v1/w/{wId}/exists`: answered once the caller's credentials reach the workspace. */
export interface GetWorkspaceExistsResponse {
  readonly exists: true;
}

/** `GET …/spaces`. */
export interface ListSpacesResponse {
  readonly spaces: SpaceResponse[];
}

/** A member of a restricted space, as the space's page names them. */
export interface SpaceMemberResponse {
  readonly sId: string;
  readonly fullName: string;
  readonly email: string;
}

/** `GET /api/w/{wId}/spaces/{spaceId}`: the space with its members (a restricted space's; an open one is every member's, and lists none). */
export interface GetSpaceResponse {
  readonly space: SpaceResponse & { readonly members: SpaceMemberResponse[] };
}

/** `POST /api/w/{wId}/spaces`. */
export interface CreateSpaceResponse {
  readonly space: SpaceResponse;
}

/** A model the workspace may run, as a per-message `modelSelection` names it: its catalog entry less the prices and regions. */
export type WorkspaceModelResponse = Pick<ModelEntry, 'providerId' | 'modelId' | 'displayName' | 'contextSize' | 'reasoningEfforts' | 'defaultReasoningEffort'> & {
  readonly acceptsImages: boolean;
};

/** A provider the deployment configures that the workspace's policy leaves no model of, and why (for a person to read). */
export interface DisabledProviderResponse {
  readonly providerId: string;
  readonly reason: string;
}

/** `GET /api/w/{wId}/models`: the deployment's models that the workspace's policy allows, and the providers it leaves out. */
export interface ListWorkspaceModelsResponse {
  readonly models: readonly WorkspaceModelResponse[];
  readonly disabledProviders: readonly DisabledProviderResponse[];
}
