import type { AccountWorkspace } from '@app/contracts/http/auth.types';
import { Route, Switch, useLocation } from 'wouter';
import { AppShell } from '../layout/app-shell';
import { NotFoundPage } from '../not-found/not-found-page';
import { useSignedInSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './workspace-page.module.css';

/**
 * `/w/:wId/…`: one workspace of the signed-in person, its conversations beside the open one. Paths
 * inside are relative to `/w/:wId` (wouter's nest): `/` the start, `/new` a new conversation.
 */
export function WorkspacePage({ wId }: { readonly wId: string }) {
  const { workspaces } = useSignedInSession();
  const workspace = workspaces.find((candidate) => candidate.sId === wId);
  // A workspace of someone else reads as one that does not exist, as the api answers it.
  if (!workspace) return <NotFoundPage />;
  return (
    <AppShell workspaceName={workspace.name}>
      <div className={styles.layout}>
        <ConversationSidebar />
        <section className={styles.conversation} aria-label="Conversation">
          <Switch>
            <Route path="/">
              <WorkspaceStart workspace={workspace} />
            </Route>
            <Route path="/new">
              <NewConversation />
            </Route>
            <Route>
              <NotFoundPage embedded />
            </Route>
          </Switch>
        </section>
      </div>
    </AppShell>
  );
}

function ConversationSidebar() {
  const [, navigate] = useLocation();
  return (
    <nav className={styles.sidebar} aria-label="Conversations">
      <button type="button" className="button" onClick={() => navigate('/new')}>
        New conversation
      </button>
      <h2 className={styles.sidebarTitle}>Conversations</h2>
      <ul className={styles.conversationList}>
        <li className="muted">No conversations yet.</li>
      </ul>
    </nav>
  );
}

function WorkspaceStart({ workspace }: { readonly workspace: AccountWorkspace }) {
  useDocumentTitle(workspace.name);
  return (
    <div className="page">
      <PageHeading>{workspace.name}</PageHeading>
      <p className="muted">Start a conversation with an agent from New conversation.</p>
    </div>
  );
}

function NewConversation() {
  useDocumentTitle('New conversation');
  return (
    <div className="page">
      <PageHeading>New conversation</PageHeading>
      <p className="muted">Conversations open here.</p>
    </div>
  );
}
