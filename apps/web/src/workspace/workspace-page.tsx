import type { AccountWorkspace } from '@app/contracts/http/auth.types';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ConversationListProvider, ConversationSidebar } from '../conversations/conversation-list';
import { AppShell } from '../layout/app-shell';
import { NotFoundPage } from '../not-found/not-found-page';
import { useSignedInSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './workspace-page.module.css';

// The conversation screens and their markdown renderer load on demand: the first page stays small.
const ConversationPage = lazy(() => import('../conversations/conversation-page').then((module) => ({ default: module.ConversationPage })));
const NewConversationPage = lazy(() => import('../conversations/new-conversation-page').then((module) => ({ default: module.NewConversationPage })));

/**
 * `/w/:wId/…`: one workspace of the signed-in person, its conversations beside the open one. Paths
 * inside are relative to `/w/:wId` (wouter's nest): `/` the start, `/new` a new conversation,
 * `/conversations/:cId` one conversation.
 */
export function WorkspacePage({ wId }: { readonly wId: string }) {
  const { workspaces } = useSignedInSession();
  const workspace = workspaces.find((candidate) => candidate.sId === wId);
  // A workspace of someone else reads as one that does not exist, as the api answers it.
  if (!workspace) return <NotFoundPage />;
  return (
    <AppShell workspaceName={workspace.name}>
      <ConversationListProvider wId={wId}>
        <div className={styles.layout}>
          <ConversationSidebar />
          <section className={styles.conversation} aria-label="Conversation">
            <Suspense
              fallback={
                <p role="status" className="page muted">
                  Loading…
                </p>
              }
            >
              <Switch>
                <Route path="/">
                  <WorkspaceStart workspace={workspace} />
                </Route>
                <Route path="/new">
                  <NewConversationPage wId={wId} />
                </Route>
                <Route path="/conversations/:cId">{({ cId }) => <ConversationPage key={cId} wId={wId} cId={cId} />}</Route>
                <Route>
                  <NotFoundPage embedded />
                </Route>
              </Switch>
            </Suspense>
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
