import type { AccountWorkspace } from '@app/contracts/http/auth.types';
import { Link, Route, Switch, useLocation } from 'wouter';
import { ConversationListProvider, ConversationSidebar } from '../conversations/conversation-list';
import { AppShell } from '../layout/app-shell';
import { NotFoundPage } from '../not-found/not-found-page';
import { useSignedInSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { useAdminScreens } from './admin-screens';
import { useAgentScreens } from './agent-screens';
import { useConversationScreens } from './conversation-screens';
import { useKnowledgeScreens } from './knowledge-screens';
import type { ChunkState } from './screen-chunk';
import { useSkillScreens } from './skills-screens';
import { useToolScreens } from './tools-screens';
import styles from './workspace-page.module.css';

/**
 * `/w/:wId/…`: one workspace of the signed-in person, its conversations beside the open one, or its
 * agents, or its administration. Paths inside are relative to `/w/:wId` (wouter's nest): `/` the start,
 * `/new` a new conversation, `/conversations/:cId` one conversation, `/agents/…` the agent screens,
 * `/admin/…` the administration screens.
 */
export function WorkspacePage({ wId }: { readonly wId: string }) {
  const { workspaces } = useSignedInSession();
  const workspace = workspaces.find((candidate) => candidate.sId === wId);
  // A workspace of someone else reads as one that does not exist, as the api answers it.
  if (!workspace) return <NotFoundPage />;
  return (
    <AppShell workspaceName={workspace.name} sections={<WorkspaceSections admin={workspace.role === 'admin'} />}>
      <ConversationListProvider wId={wId}>
        <Switch>
          <Route path="/agents" nest>
            <AgentsArea workspace={workspace} />
          </Route>
          <Route path="/tools" nest>
            <ToolsArea workspace={workspace} />
          </Route>
          <Route path="/skills" nest>
            <SkillsArea workspace={workspace} />
          </Route>
          <Route path="/knowledge" nest>
            <KnowledgeArea workspace={workspace} />
          </Route>
          <Route path="/admin" nest>
            <AdministrationArea workspace={workspace} />
          </Route>
          <Route>
            <ConversationsArea workspace={workspace} />
          </Route>
        </Switch>
      </ConversationListProvider>
    </AppShell>
  );
}

/** The conversation list beside the open conversation (or the start, or a new one). */
function ConversationsArea({ workspace }: { readonly workspace: AccountWorkspace }) {
  const loaded = useConversationScreens();
  const wId = workspace.sId;
  return (
    <div className={styles.layout}>
      <ConversationSidebar />
      <section className={styles.conversation} aria-label="Conversation">
        <Switch>
          <Route path="/">
            <WorkspaceStart workspace={workspace} />
          </Route>
          <Route path="/new">{loaded.status === 'ready' ? <loaded.screens.NewConversationPage wId={wId} /> : <ScreensPending state={loaded} what="conversation" />}</Route>
          <Route path="/conversations/:cId">
            {({ cId }) => (loaded.status === 'ready' ? <loaded.screens.ConversationPage key={cId} wId={wId} cId={cId} /> : <ScreensPending state={loaded} what="conversation" />)}
          </Route>
          <Route>
            <NotFoundPage embedded />
          </Route>
        </Switch>
      </section>
    </div>
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

/** The workspace's areas, in the header: its conversations, its agents, and for admins its administration. */
function WorkspaceSections({ admin }: { readonly admin: boolean }) {
  // Relative to the workspace (the nest): the agent screens are under /agents, administration under /admin.
  const [location] = useLocation();
  const area = AREAS.find((each) => location === each || location.startsWith(`${each}/`)) ?? '/';
  return (
    <nav aria-label="Workspace">
      <Link href="/" aria-current={area === '/' ? 'page' : undefined}>
        Conversations
      </Link>
      <Link href="/agents" aria-current={area === '/agents' ? 'page' : undefined}>
        Agents
      </Link>
      <Link href="/knowledge" aria-current={area === '/knowledge' ? 'page' : undefined}>
        Knowledge
      </Link>
      <Link href="/tools" aria-current={area === '/tools' ? 'page' : undefined}>
        Tools
      </Link>
      <Link href="/skills" aria-current={area === '/skills' ? 'page' : undefined}>
        Skills
      </Link>
      {admin ? (
        <Link href="/admin" aria-current={area === '/admin' ? 'page' : undefined}>
          Administration
        </Link>
      ) : null}
    </nav>
  );
}

const AREAS = ['/agents', '/tools', '/skills', '/knowledge', '/admin'] as const;

/** `/w/:wId/agents/…`: the gallery and the editor, from their own chunk. */
function AgentsArea({ workspace }: { readonly workspace: AccountWorkspace }) {
  const loaded = useAgentScreens();
  if (loaded.status !== 'ready') return <ScreensPending state={loaded} what="agent" />;
  return <loaded.screens.AgentScreens wId={workspace.sId} role={workspace.role} />;
}

/** `/w/:wId/tools/…`: MCP servers and actions waiting for approval, from their own chunk. */
function ToolsArea({ workspace }: { readonly workspace: AccountWorkspace }) {
  const loaded = useToolScreens();
  if (loaded.status !== 'ready') return <ScreensPending state={loaded} what="tool" />;
  return <loaded.screens.ToolScreens wId={workspace.sId} role={workspace.role} />;
}

/** `/w/:wId/skills/…`: the skills, their versions, the editor and import, from their own chunk. */
function SkillsArea({ workspace }: { readonly workspace: AccountWorkspace }) {
  const loaded = useSkillScreens();
  if (loaded.status !== 'ready') return <ScreensPending state={loaded} what="skill" />;
  return <loaded.screens.SkillScreens wId={workspace.sId} role={workspace.role} />;
}

/** `/w/:wId/knowledge/…`: spaces, data sources, documents and tables, from their own chunk. */
function KnowledgeArea({ workspace }: { readonly workspace: AccountWorkspace }) {
  const loaded = useKnowledgeScreens();
  if (loaded.status !== 'ready') return <ScreensPending state={loaded} what="knowledge" />;
  return <loaded.screens.KnowledgeScreens wId={workspace.sId} role={workspace.role} />;
}

/** `/w/:wId/admin/…`: members, keys and status, from their own chunk; "Admins only" for the others. */
function AdministrationArea({ workspace }: { readonly workspace: AccountWorkspace }) {
  const loaded = useAdminScreens();
  if (loaded.status !== 'ready') return <ScreensPending state={loaded} what="administration" />;
  return <loaded.screens.AdministrationScreens wId={workspace.sId} role={workspace.role} />;
}

/** Where a screen shows while its chunk is on its way, or when it could not come. */
function ScreensPending({ state, what }: { readonly state: ChunkState<unknown>; readonly what: 'conversation' | 'agent' | 'tool' | 'skill' | 'knowledge' | 'administration' }) {
  if (state.status === 'failed') {
    return (
      <p role="alert" className="page alert">
        The {what} screens could not be loaded. Check the connection and reload the page.
      </p>
    );
  }
  return (
    <p role="status" className="page muted">
      Loading…
    </p>
  );
}
