import type { WorkspaceResponse } from '@app/contracts/http/workspace.types';
import type { ConfiguredProvider } from '@app/contracts/http/workspace-status.types';
import { useState } from 'react';
import styles from './administration.module.css';
import { SettingsForm } from './settings-form';

interface Props {
  readonly wId: string;
  readonly workspace: WorkspaceResponse;
  readonly providers: readonly ConfiguredProvider[];
  readonly onSaved: () => void;
}

/**
 * The allow-list: a box per provider the deployment offers (and any the list names that it no longer
 * does). Every box ticked saves "every provider" (no list), so a provider configured later is allowed too.
 */
export function AllowedProviders({ wId, workspace, providers, onSaved }: Props) {
  const offered = [...new Set([...providers.map((provider) => provider.providerId), ...(workspace.whiteListedProviders ?? [])])];
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(new Set(workspace.whiteListedProviders ?? offered));
  const toggle = (providerId: string, on: boolean) =>
    setAllowed((now) => {
      const next = new Set(now);
      if (on) next.add(providerId);
      else next.delete(providerId);
      return next;
    });
  const models = new Map(providers.map((provider) => [provider.providerId, provider.models]));

  return (
    <SettingsForm
      wId={wId}
      title="Allowed providers"
      titleId="allowed-providers"
      onSaved={onSaved}
      update={() =>
        offered.every((providerId) => allowed.has(providerId))
          ? { whiteListedProviders: null }
          : { whiteListedProviders: offered.filter((providerId) => allowed.has(providerId)), defaultEmbeddingProvider: workspace.defaultEmbeddingProvider }
      }
    >
      <p className="muted">
        {workspace.whiteListedProviders === null ? 'Every provider of this deployment is allowed now.' : `Allowed now: ${workspace.whiteListedProviders.join(', ') || 'none'}.`} Agents
        using a provider left out are disabled until it is allowed again.
      </p>
      {offered.length === 0 ? <p className="muted">This deployment has no model provider configured.</p> : null}
      <fieldset className={styles.checks}>
        <legend>Providers agents of this workspace may use</legend>
        {offered.map((providerId) => (
          <label key={providerId}>
            <input type="checkbox" checked={allowed.has(providerId)} onChange={(event) => toggle(providerId, event.target.checked)} /> {providerId}
            <span className="muted"> {models.has(providerId) ? `(${models.get(providerId)} models)` : '(not configured here)'}</span>
          </label>
        ))}
      </fieldset>
    </SettingsForm>
  );
}
