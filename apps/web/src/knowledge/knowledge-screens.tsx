import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../not-found/not-found-page';
import { SpacesPage } from './spaces-page';

/**
 * The knowledge screens, relative to `/w/:wId/knowledge` (wouter's nest): `/` the spaces,
 * `/spaces/:spaceId` a space's members and data sources, `…/data_sources/:dsId` its documents,
 * search and tables, `…/documents/:documentId` one document, `…/tables/:tableId` one table's rows.
 * Everyone reads and searches; builders and admins also get the buttons that write.
 */
export function KnowledgeScreens({ wId }: { readonly wId: string; readonly role: WorkspaceRole }) {
  return (
    <Switch>
      <Route path="/">
        <SpacesPage wId={wId} />
      </Route>
      <Route>
        <NotFoundPage embedded />
      </Route>
    </Switch>
  );
}
