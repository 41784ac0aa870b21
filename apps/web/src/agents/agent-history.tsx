import type { AgentConfigurationFull } from '@app/contracts/http/agent-configuration.types';
import { useEffect, useState } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { assistantOfVersion } from './agent-draft';
import styles from './agents.module.css';

type Versions = { readonly status: 'loading' } | { readonly status: 'failed'; readonly message: string } | { readonly status: 'ready'; readonly versions: readonly AgentConfigurationFull[] };

interface AgentHistoryProps {
  readonly wId: string;
  /** The current version: the list is asked again whenever it changes. */
  readonly agent: AgentConfigurationFull;
  /** After an older version was saved again as `saved`. */
  readonly onRestored: (saved: AgentConfigurationFull, from: number) => void;
}

/**
 * The agent's versions, newest first. An older one is restored by saving its fields as a new version
 * (the api keeps every version; nothing is rewritten), which then becomes the current one.
 */
export function AgentHistory({ wId, agent, onRestored }: AgentHistoryProps) {
  const { agents } = useApi();
  const [versions, setVersions] = useState<Versions>({ status: 'loading' });
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    agents.history(wId, agent.sId, { signal: controller.signal }).then(
      (answer) => setVersions({ status: 'ready', versions: answer.history }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setVersions({ status: 'failed', message: errorMessage(failure) });
      },
    );
    return () => controller.abort();
  }, [agents, wId, agent.sId, agent.version]);

  async function restore(version: AgentConfigurationFull) {
    setBusy(version.version);
    setError(null);
    try {
      onRestored(await agents.saveVersion(wId, agent.sId, assistantOfVersion(version)), version.version);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  const restorable = agent.status !== 'archived' && agent.canEdit;
  return (
    <section className={styles.section} aria-labelledby="agent-versions">
      <h2 id="agent-versions">Versions</h2>
      <FormError message={error} />
      {versions.status === 'loading' ? (
        <p className="muted">Loading versions…</p>
      ) : versions.status === 'failed' ? (
        <p role="alert" className="alert">
          {versions.message}
        </p>
      ) : (
        <ol className={styles.versions}>
          {versions.versions.map((version) => (
            <li key={version.version} className={styles.version}>
              <div>
                <p>
                  <strong>Version {version.version}</strong>
                  {version.version === agent.version ? ' (current)' : ''}
                  {version.versionCreatedAt ? <span className="muted"> · saved {new Date(version.versionCreatedAt).toLocaleString()}</span> : null}
                </p>
                <p className="muted">
                  {version.name} · {version.model.modelId} · {version.maxStepsPerRun} steps
                </p>
              </div>
              {restorable && version.version !== agent.version ? (
                <button type="button" className="button button-secondary button-small" disabled={busy !== null} onClick={() => restore(version)}>
                  Restore version {version.version}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
