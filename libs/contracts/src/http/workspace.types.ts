/** Workspace as the private API returns it (spec 2.3). */
export interface WorkspaceResponse {
  readonly id: number;
  readonly sId: string;
  readonly name: string;
  readonly role: 'admin' | 'builder' | 'user' | 'none';
  readonly regionalModelsOnly: boolean;
  readonly segmentation: string | null;
  readonly whiteListedProviders: string[] | null;
  readonly defaultEmbeddingProvider: string | null;
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
