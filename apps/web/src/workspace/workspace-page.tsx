import type { AccountWorkspace } from '@app/contracts/http/auth.types';
import { Route, Switch } from 'wouter';
import { ConversationListProvider, ConversationSidebar } from '../conversations/conversation-list';
import { AppShell } from '../layout/app-shell';
import { NotFoundPage } from '../not-found/not-found-page';
import { useSignedInSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { useConversationScreens, type ScreensState } from './conversation-screens';
import styles from './workspace-page.module.css';

/**
 * `/w/:wId/…`: one workspace of the signed-in person, its conversations beside the open one. Paths
 * inside are relative to `/w/:wId` (wouter's nest): `/` the start, `/new` a new conversation,
 * `/conversations/:cId` one conversation.
 */
export function WorkspacePage({ wId }: { readonly wId: string }) {
  const { workspaces } = useSignedInSession();
  const loaded = useConversationScreens();
  const workspace = workspaces.find((candidate) => candidate.sId === wId);
  // A workspace of someone else reads as one that does not exist, as the api answers it.
  if (!workspace) return <NotFoundPage />;
  return (
    <AppShell workspaceName={workspace.name}>
      <ConversationListProvider wId={wId}>
        <div className={styles.layout}>
          <ConversationSidebar />
          <section className={styles.conversation} aria-label="Conversation">
            <Switch>
              <Route path="/">
                <WorkspaceStart workspace={workspace} />
              </Route>
              <Route path="/new">{loaded.status === 'ready' ? <loaded.screens.NewConversationPage wId={wId} /> : <ScreensPending state={loaded} />}</Route>
              <Route path="/conversations/:cId">
                {({ cId }) => (loaded.status === 'ready' ? <loaded.screens.ConversationPage key={cId} wId={wId} cId={cId} /> : <ScreensPending state={loaded} />)}
              </Route>
              <Route>
                <NotFoundPage embedded />
              </Route>
            </Switch>
          </section>
        </div>
      </ConversationListProvider>
    </AppShell>
  );
}

function WorkspaceStart({ workspace }: { readonly workspace: AccountWorkspace }) {
  useDocumentTitle(workspace.name);
  return (
    <div className="page">
      <PageHeading>{workspace.name}</PageHeading>
      <p className="muted">Start a conversation with an agent from New conversation, or open one from the list.</p>
    </div>
  );
}

/** Where a conversation screen shows while its chunk is on its way, or when it could not come. */
function ScreensPending({ state }: { readonly state: ScreensState }) {
  if (state.status === 'failed') {
    return (
      <p role="alert" className="page alert">
        The conversation screens could not be loaded. Check the connection and reload the page.
      </p>
    );
  }
  return (
    <p role="status" className="page muted">
      Loading…
    </p>
  );
}
