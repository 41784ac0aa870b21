import type { RedriveResponse, TriggerView, WebhookRequestView } from '@app/contracts/http/trigger.types';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import styles from './agents.module.css';
import { triggerUpdateOf, triggerWhen } from './trigger-draft';

interface TriggerItemProps {
  readonly wId: string;
  readonly agentId: string;
  readonly trigger: TriggerView;
  readonly onChanged: (trigger: TriggerView) => void;
  readonly onDeleted: (sId: string) => void;
}

/** Runs counted against the day's cap: deliveries that started a run (or tried to) since 00:00 UTC. */
function runsToday(requests: readonly WebhookRequestView[]): number {
  const dayStart = new Date().setUTCHours(0, 0, 0, 0);
  return requests.filter((request) => request.timestamp >= dayStart && (request.status === 'matched' || request.status === 'failed')).length;
}

/** One trigger: what starts it, Enable/Disable, its prompt, Delete (asked in place), and a webhook's deliveries. */
export function TriggerItem({ wId, agentId, trigger, onChanged, onDeleted }: TriggerItemProps) {
  const { triggers } = useApi();
  const id = useId();
  const [prompt, setPrompt] = useState(trigger.customPrompt ?? '');
  const [asking, setAsking] = useState(false);
  // Asking in place swaps the buttons under the focus: it moves to Keep, then back to Delete, so a keyboard stays where it was.
  const keepButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const askedOnce = useRef(false);
  useEffect(() => {
    if (asking) keepButton.current?.focus();
    else if (askedOnce.current) deleteButton.current?.focus();
    askedOnce.current ||= asking;
  }, [asking]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requests, setRequests] = useState<readonly WebhookRequestView[] | null>(null);

  useEffect(() => {
    if (trigger.kind !== 'webhook') return;
    const controller = new AbortController();
    triggers.webhookRequests(wId, agentId, trigger.sId, { signal: controller.signal }).then(
      ({ requests: listed }) => setRequests(listed),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      },
    );
    return () => controller.abort();
  }, [triggers, wId, agentId, trigger.sId, trigger.kind]);

  async function act(call: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  const update = (changes: Parameters<typeof triggerUpdateOf>[1]) => act(async () => onChanged((await triggers.update(wId, agentId, trigger.sId, triggerUpdateOf(trigger, changes))).trigger));
  const enabled = trigger.status === 'enabled';
  const cap = trigger.executionPerDayLimitOverride;

  return (
    <li className={styles.trigger} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{trigger.name}</h3>
      <p>
        {triggerWhen(trigger)} · {enabled ? 'Enabled' : 'Disabled'} · {requests ? `${runsToday(requests)} of ${cap} runs today` : `at most ${cap} runs a day`}
        {trigger.nextRunAt ? ` · next ${new Date(trigger.nextRunAt).toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}
      </p>
      <label>
        Prompt of {trigger.name}
        <textarea rows={2} value={prompt} onChange={(event) => setPrompt(event.target.value)} />
      </label>
      <div className={styles.formActions}>
        <button type="button" disabled={busy} onClick={() => void update({ customPrompt: prompt.trim() || null })}>
          Save prompt of {trigger.name}
        </button>
        <button type="button" disabled={busy} onClick={() => void update({ status: enabled ? 'disabled' : 'enabled' })}>
          {enabled ? 'Disable' : 'Enable'} {trigger.name}
        </button>
        {asking ? (
          <span role="group" aria-label={`Delete ${trigger.name}?`}>
            Delete {trigger.name}?{' '}
            <button type="button" disabled={busy} onClick={() => void act(async () => (await triggers.delete(wId, agentId, trigger.sId), onDeleted(trigger.sId)))}>
              Yes, delete {trigger.name}
            </button>{' '}
            <button type="button" ref={keepButton} onClick={() => setAsking(false)}>
              Keep {trigger.name}
            </button>
          </span>
        ) : (
          <button type="button" ref={deleteButton} onClick={() => setAsking(true)}>
            Delete {trigger.name}
          </button>
        )}
      </div>
      <FormError message={error} />
      {requests ? <Deliveries wId={wId} agentId={agentId} trigger={trigger} requests={requests} /> : null}
    </li>
  );
}

/** A webhook's recent deliveries with their outcome, and a dry run of a filter over them. */
function Deliveries({ wId, agentId, trigger, requests }: { readonly wId: string; readonly agentId: string; readonly trigger: TriggerView; readonly requests: readonly WebhookRequestView[] }) {
  const { triggers } = useApi();
  const config = trigger.configuration;
  const [filter, setFilter] = useState('includePayload' in config ? (config.filter ?? '') : '');
  const [dryRun, setDryRun] = useState<RedriveResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function tryFilter() {
    setError(null);
    try {
      setDryRun(await triggers.redrive(wId, agentId, trigger.sId, { dryRun: true, filter: filter.trim() || null }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <details className={styles.deliveries}>
      <summary>Deliveries of {trigger.name} ({requests.length})</summary>
      {requests.length === 0 ? <p className="muted">No delivery yet.</p> : null}
      <ul>
        {requests.map((request) => (
          <li key={request.id}>
            {new Date(request.timestamp).toISOString().slice(0, 19).replace('T', ' ')} UTC · {request.eventName ?? 'no event'} · {request.status.replace('_', ' ')}
            {request.conversationId ? (
              <>
                {' · '}
                <Link href={`/conversations/${encodeURIComponent(request.conversationId)}`}>Conversation it started</Link>
              </>
            ) : null}
            {request.error ? ` · ${request.error}` : null}
          </li>
        ))}
      </ul>
      <label>
        Filter to try on these deliveries
        <textarea rows={2} value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      <button type="button" onClick={() => void tryFilter()}>
        Dry run
      </button>
      <FormError message={error} />
      {dryRun ? (
        <p role="status">
          {dryRun.matched} of {dryRun.results.length} deliveries would match.
        </p>
      ) : null}
    </details>
  );
}
