import type { DataSourceDocumentRecord, DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import { dataSourceDocumentKey } from '@app/contracts/read-models/data-source.read-models';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { canSeeSpace } from '../data-sources/space-access';
import type { ReadModels } from '../event-sourcing/reading/read-models';

/** A document of a data source view that a content-node fragment names. */
export interface ResolvedContentNode {
  readonly view: DataSourceViewDocument;
  readonly space: SpaceDocument;
  readonly document: DataSourceDocumentRecord;
}

/**
 * The document a content-node fragment (`nodeId` + `nodeDataSourceViewId`) points to: a view of the
 * caller's workspace in a space it sees (404 `data_source_view_not_found` otherwise), and a
 * document of the view's data source that the view shows (404 `data_source_document_not_found`).
 */
export async function resolveContentNode(readModels: ReadModels, auth: AuthContext, viewId: string, nodeId: string): Promise<ResolvedContentNode> {
  const view = await readModels.get<DataSourceViewDocument>('dataSourceViews', viewId);
  const space = view && view.workspaceId === auth.workspace.sId ? await readModels.get<SpaceDocument>('spaces', view.spaceId) : null;
  if (!view || !space || !canSeeSpace(auth, space)) throw new ApiError('data_source_view_not_found', `The data source view "${viewId}" was not found.`);
  const document = await readModels.get<DataSourceDocumentRecord>('dataSourceDocuments', dataSourceDocumentKey(view.dataSourceId, nodeId));
  const shown = document !== null && (view.parentsIn === null || document.parents.some((parent) => view.parentsIn?.includes(parent)));
  if (!document || !shown) throw new ApiError('data_source_document_not_found', `The document "${nodeId}" was not found in the data source view "${viewId}".`);
  return { view, space, document };
}
