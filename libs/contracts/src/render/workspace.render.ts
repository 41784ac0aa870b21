import type { SpaceResponse, WorkspaceResponse } from '../http/workspace.types';
import type { SpaceDocument, WorkspaceDocument } from '../read-models/workspace.read-models';

/** The wire workspace, seen with the caller's role. */
export function renderWorkspace(doc: WorkspaceDocument, role: WorkspaceResponse['role']): WorkspaceResponse {
  return {
    id: doc.id,
    sId: doc.sId,
    name: doc.name,
    role,
    regionalModelsOnly: doc.regionalModelsOnly,
    segmentation: doc.segmentation,
    whiteListedProviders: doc.whiteListedProviders,
    defaultEmbeddingProvider: doc.defaultEmbeddingProvider,
    ssoEnforced: doc.ssoEnforced,
    metadata: doc.metadata,
  };
}

/** The wire space. */
export function renderSpace(doc: SpaceDocument): SpaceResponse {
  return {
    sId: doc.sId,
    name: doc.name,
    kind: doc.kind,
    isRestricted: doc.isRestricted,
    groupIds: doc.groupIds,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
