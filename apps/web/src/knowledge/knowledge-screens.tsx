import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../not-found/not-found-page';
import { DataSourcePage } from './data-source-page';
import { DocumentPage } from './document-page';
import { idParam } from './knowledge-paths';
import { canWriteKnowledge } from './roles';
import { SpacePage } from './space-page';
import { SpacesPage } from './spaces-page';
import { TablePage } from './table-page';

const DATA_SOURCE = '/spaces/:spaceId/data_sources/:dsId';

/**
 * The knowledge screens, relative to `/w/:wId/knowledge` (wouter's nest): `/` the spaces,
 * `/spaces/:spaceId` a space's members and data sources, `…/data_sources/:dsId` its search,
 * documents and tables, `…/documents/:documentId` one document, `…/tables/:tableId` one table's rows.
 * Everyone reads and searches; builders and admins also get the buttons that write.
 */
export function KnowledgeScreens({ wId, role }: { readonly wId: string; readonly role: WorkspaceRole }) {
  const canWrite = canWriteKnowledge(role);
  return (
    <Switch>
      <Route path="/">
        <SpacesPage wId={wId} />
      </Route>
      <Route path="/spaces/:spaceId">{({ spaceId }) => <SpacePage key={spaceId} wId={wId} spaceId={spaceId} canWrite={canWrite} />}</Route>
      <Route path={DATA_SOURCE}>{({ spaceId, dsId }) => <DataSourcePage key={`${spaceId}/${dsId}`} wId={wId} spaceId={spaceId} dsId={dsId} canWrite={canWrite} />}</Route>
      <Route path={`${DATA_SOURCE}/documents/:documentId`}>
        {({ spaceId, dsId, documentId }) => <DocumentPage key={`${dsId}/${documentId}`} at={{ wId, spaceId, dsId }} documentId={idParam(documentId)} canWrite={canWrite} />}
      </Route>
      <Route path={`${DATA_SOURCE}/tables/:tableId`}>{({ spaceId, dsId, tableId }) => <TablePage key={`${dsId}/${tableId}`} at={{ wId, spaceId, dsId }} tableId={idParam(tableId)} canWrite={canWrite} />}</Route>
      <Route>
        <NotFoundPage embedded />
      </Route>
    </Switch>
  );
}
