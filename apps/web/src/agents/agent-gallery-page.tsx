import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApi, type AgentGalleryView } from '../api';
import { useAgents } from '../conversations/use-agents';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import { AgentCard } from './agent-card';
import { canBuildAgents, canSeeArchived, galleryAgents, type GalleryAgent } from './agent-gallery-filter';
import styles from './agents.module.css';
import { useGalleryAgents } from './use-gallery-agents';

/**
 * `/w/:wId/agents`: the workspace's agents, built in and its own, as cards. A search by name and
 * description, the person's favourites, and for admins the archived agents (the api lists those to
 * admins only). Builders and admins get New agent, Edit and Restore.
 */
export function AgentGalleryPage({ wId, role }: { readonly wId: string; readonly role: WorkspaceRole }) {
  const { agents: agentsApi } = useApi();
  const [view, setView] = useState<AgentGalleryView>('list');
  const [search, setSearch] = useState('');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { list, replace, remove } = useGalleryAgents(wId, view);
  const builder = canBuildAgents(role);
  useDocumentTitle('Agents');

  async function act(agent: GalleryAgent, write: () => Promise<string>) {
    setBusy(agent.sId);
    setError(null);
    setDone(null);
    try {
      setDone(await write());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  const toggleFavorite = (agent: GalleryAgent) =>
    act(agent, async () => {
      const { agentConfiguration } = await agentsApi.setFavorite(wId, agent.sId, !agent.userFavorite);
      replace(agentConfiguration);
      return agentConfiguration.userFavorite ? `${agent.name} is one of your favourites.` : `${agent.name} is no longer a favourite.`;
    });

  const restore = (agent: GalleryAgent) =>
    act(agent, async () => {
      await agentsApi.restore(wId, agent.sId);
      remove(agent.sId);
      // The composers of this page list the agent again.
      useAgents.forget(wId);
      return `${agent.name} is restored: it is among the active agents again.`;
    });

  function showView(next: AgentGalleryView) {
    setView(next);
    setDone(null);
    setError(null);
  }

  const shown = list.status === 'ready' ? galleryAgents(list.agents, { search, favoritesOnly: view === 'list' && favoritesOnly }) : [];
  return (
    <div className={styles.page}>
      <PageHeading>Agents</PageHeading>
      <div className={styles.toolbar}>
        {builder ? (
          <Link href="/new" className="button">
            New agent
          </Link>
        ) : null}
        <input
          type="search"
          className={`text-input ${styles.search}`}
          aria-label="Search agents"
          placeholder="Search by name or description"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {canSeeArchived(role) ? (
          <fieldset>
            <legend>Show</legend>
            <label>
              <input type="radio" name="agent-view" checked={view === 'list'} onChange={() => showView('list')} /> Active
            </label>
            <label>
              <input type="radio" name="agent-view" checked={view === 'archived'} onChange={() => showView('archived')} /> Archived
            </label>
          </fieldset>
        ) : null}
        {view === 'list' ? (
          <label>
            <input type="checkbox" checked={favoritesOnly} onChange={(event) => setFavoritesOnly(event.target.checked)} /> Favourites only
          </label>
        ) : null}
      </div>
      <FormError message={error} />
      <p role="status" className="muted">
        {done}
      </p>
      {list.status === 'loading' ? (
        <p role="status" className="muted">
          Loading agents…
        </p>
      ) : list.status === 'failed' ? (
        <p role="alert" className="alert">
          {list.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="muted">{emptyText(view, search, favoritesOnly)}</p>
      ) : (
        <ul className={styles.gallery} aria-label={view === 'archived' ? 'Archived agents' : 'Active agents'}>
          {shown.map((agent) => (
            <AgentCard key={agent.sId} agent={agent} builder={builder} busy={busy === agent.sId} onFavorite={toggleFavorite} onRestore={restore} />
          ))}
        </ul>
      )}
    </div>
  );
}

function emptyText(view: AgentGalleryView, search: string, favoritesOnly: boolean): string {
  if (search.trim() !== '') return `No agent matches “${search.trim()}”.`;
  if (view === 'archived') return 'No archived agent.';
  return favoritesOnly ? 'No favourite yet: mark agents with Favourite to find them here.' : 'No agent yet.';
}
