import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { Link, Route, Switch } from 'wouter';
import { NotFoundPage } from '../not-found/not-found-page';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { AgentEditorPage } from './agent-editor-page';
import { canBuildAgents } from './agent-gallery-filter';
import { AgentGalleryPage } from './agent-gallery-page';
import styles from './agents.module.css';

/**
 * The agent screens, relative to `/w/:wId/agents` (wouter's nest): `/` the gallery, `/new` and
 * `/:aId/edit` the editor. The editor is for builders and admins; the api refuses the others' writes
 * anyway, the page only spares them a form they could not save.
 */
export function AgentScreens({ wId, role }: { readonly wId: string; readonly role: WorkspaceRole }) {
  const builder = canBuildAgents(role);
  return (
    <Switch>
      <Route path="/">
        <AgentGalleryPage wId={wId} role={role} />
      </Route>
      <Route path="/new">{builder ? <AgentEditorPage wId={wId} aId={null} /> : <BuildersOnly />}</Route>
      <Route path="/:aId/edit">{({ aId }) => (builder ? <AgentEditorPage key={aId} wId={wId} aId={aId} /> : <BuildersOnly />)}</Route>
      <Route>
        <NotFoundPage embedded />
      </Route>
    </Switch>
  );
}

function BuildersOnly() {
  useDocumentTitle('Builders only');
  return (
    <div className={styles.page}>
      <PageHeading>Builders only</PageHeading>
      <p>Agents are created and edited by the workspace&apos;s builders and admins. An admin can give you the builder role.</p>
      <Link href="/">Back to agents</Link>
    </div>
  );
}
