import type { AgentConfigurationFull } from '@app/contracts/http/agent-configuration.types';
import type { DisabledProviderResponse, WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useApi } from '../api';
import { useAgents } from '../conversations/use-agents';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { PageHeading } from '../ui/page-heading';
import { assistantOf, draftChanged, draftOf, type AgentDraft } from './agent-draft';
import { AgentForm } from './agent-form';
import { AgentHistory } from './agent-history';
import { AgentLifecycle } from './agent-lifecycle';
import styles from './agents.module.css';
import { AgentTriggers } from './agent-triggers';
import { AgentTryPane } from './agent-try-pane';
import { AgentUsage } from './agent-usage';
import { ReadPending } from './read-pending';
import { useAgentResources } from './use-agent-resources';
import { useAgentToEdit } from './use-agent-to-edit';

/** `/w/:wId/agents/new` (aId null) and `/w/:wId/agents/:aId/edit`: for builders and admins. */
export function AgentEditorPage({ wId, aId }: { readonly wId: string; readonly aId: string | null }) {
  const loaded = useAgentToEdit(wId, aId);
  const title = aId === null ? 'New agent' : loaded.status === 'ready' && loaded.agent ? `Edit ${loaded.agent.name}` : 'Edit agent';
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      {/* Before the heading, so that Tab from the heading (which takes the focus) goes to Name. */}
      <Link href="/" className={styles.back}>
        Back to agents
      </Link>
      {loaded.status === 'ready' ? (
        <AgentEditor key={aId ?? 'new'} wId={wId} title={title} initial={loaded.agent} models={loaded.models} disabledProviders={loaded.disabledProviders} />
      ) : (
        <>
          <PageHeading>{title}</PageHeading>
          <ReadPending read={loaded} />
        </>
      )}
    </div>
  );
}

interface AgentEditorProps {
  readonly wId: string;
  readonly title: string;
  /** The version read when the page opened; null for a new agent. */
  readonly initial: AgentConfigurationFull | null;
  readonly models: readonly WorkspaceModelResponse[];
  readonly disabledProviders: readonly DisabledProviderResponse[];
}

/**
 * The form over the current version. Save creates the agent (then the gallery shows it) or a new
 * version (the form then shows it, and the history lists it); Archive and Restore for an agent
 * that exists. Every write makes the composers of this page ask for the agents again.
 */
function AgentEditor({ wId, title, initial, models, disabledProviders }: AgentEditorProps) {
  const { agents } = useApi();
  const resources = useAgentResources(wId);
  const [, navigate] = useLocation();
  const [agent, setAgent] = useState(initial);
  const [draft, setDraft] = useState<AgentDraft>(() => draftOf(initial, models));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function showSaved(saved: AgentConfigurationFull, message: string) {
    setAgent(saved);
    setDraft(draftOf(saved, models));
    setDone(message);
  }

  async function write(call: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await call();
      useAgents.forget(wId);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    write(async () => {
      if (agent === null) {
        await agents.create(wId, assistantOf(draft, null));
        navigate('/');
        return;
      }
      // A version that changes nothing would only lengthen the history.
      if (!draftChanged(draft, draftOf(agent, models))) {
        setDone(`Nothing changed since version ${agent.version}.`);
        return;
      }
      const saved = await agents.saveVersion(wId, agent.sId, assistantOf(draft, agent));
      showSaved(saved, `Saved as version ${saved.version}.`);
    });
  const archive = (current: AgentConfigurationFull) =>
    write(async () => {
      await agents.archive(wId, current.sId);
      navigate('/');
    });
  const restore = (current: AgentConfigurationFull) =>
    write(async () => showSaved(await agents.restore(wId, current.sId), `${current.name} is restored.`));

  function restoredVersion(saved: AgentConfigurationFull, from: number) {
    useAgents.forget(wId);
    showSaved(saved, `Saved as version ${saved.version}, with the fields of version ${from}.`);
  }

  if (agent !== null && !agent.canEdit) {
    return (
      <>
        <PageHeading>{title}</PageHeading>
        <p>{agent.scope === 'global' ? 'Built-in agents come with the server: they cannot be edited.' : 'Only the editors of this agent and the workspace admins can change it.'}</p>
      </>
    );
  }
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p role="status" className="muted">
        {done}
      </p>
      <AgentForm wId={wId} draft={draft} models={models} disabledProviders={disabledProviders} resources={resources} busy={busy} error={error} onChange={setDraft} onSave={save} />
      <AgentTryPane wId={wId} assistant={() => assistantOf(draft, agent)} />
      {agent !== null ? (
        <>
          <AgentUsage wId={wId} agentId={agent.sId} />
          <AgentTriggers wId={wId} agentId={agent.sId} />
          <AgentLifecycle archived={agent.status === 'archived'} busy={busy} onArchive={() => archive(agent)} onRestore={() => restore(agent)} />
          <AgentHistory wId={wId} agent={agent} onRestored={restoredVersion} />
        </>
      ) : null}
    </>
  );
}
