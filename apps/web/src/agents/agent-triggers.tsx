import type { TriggerView } from '@app/contracts/http/trigger.types';
import { useEffect, useId, useState } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import styles from './agents.module.css';
import { ReadPending, type PendingRead } from './read-pending';
import { TriggerForm } from './trigger-form';
import { TriggerItem } from './trigger-item';

type TriggersState = PendingRead | { readonly status: 'ready'; readonly triggers: readonly TriggerView[] };

/** A saved agent's triggers: the list, each one's controls, and the form for a new one. */
export function AgentTriggers({ wId, agentId }: { readonly wId: string; readonly agentId: string }) {
  const { triggers } = useApi();
  const headingId = useId();
  const [state, setState] = useState<TriggersState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    triggers.list(wId, agentId, { signal: controller.signal }).then(
      ({ triggers: listed }) => setState({ status: 'ready', triggers: listed }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [triggers, wId, agentId]);

  const listed = state.status === 'ready' ? state.triggers : [];
  const replace = (next: readonly TriggerView[]) => setState({ status: 'ready', triggers: next });
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Triggers</h2>
      {state.status === 'ready' ? (
        listed.length === 0 ? (
          <p className="muted">No trigger: the agent runs only when someone mentions it.</p>
        ) : (
          <ul className={styles.versions}>
            {listed.map((trigger) => (
              <TriggerItem
                key={trigger.sId}
                wId={wId}
                agentId={agentId}
                trigger={trigger}
                onChanged={(changed) => replace(listed.map((entry) => (entry.sId === changed.sId ? changed : entry)))}
                onDeleted={(sId) => replace(listed.filter((entry) => entry.sId !== sId))}
              />
            ))}
          </ul>
        )
      ) : (
        <ReadPending read={state} />
      )}
      <TriggerForm wId={wId} agentId={agentId} onCreated={(created) => replace([...listed, created])} />
    </section>
  );
}
