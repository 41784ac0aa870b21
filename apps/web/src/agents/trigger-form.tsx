import type { TriggerView } from '@app/contracts/http/trigger.types';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import styles from './agents.module.css';
import { emptyTriggerDraft, triggerInputOf, WEEKDAYS, type TriggerDraft } from './trigger-draft';

/** Creates a schedule or webhook trigger; a webhook's hook URL is shown once, with Copy. */
export function TriggerForm({ wId, agentId, onCreated }: { readonly wId: string; readonly agentId: string; readonly onCreated: (trigger: TriggerView) => void }) {
  const { triggers } = useApi();
  const id = useId();
  const [draft, setDraft] = useState<TriggerDraft>(() => emptyTriggerDraft('schedule'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hookUrl, setHookUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const set = (changes: Partial<TriggerDraft>) => setDraft((current) => ({ ...current, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setHookUrl(null);
    setCopied(false);
    try {
      const { triggers: created } = await triggers.create(wId, agentId, { triggers: [triggerInputOf(draft)] });
      const trigger = created[0]!;
      if (trigger.webhook?.url) setHookUrl(trigger.webhook.url);
      setDraft(emptyTriggerDraft(draft.kind));
      onCreated(trigger);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string) {
    await navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <form className={styles.triggerForm} onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>New trigger</h3>
      <fieldset>
        <legend>Kind</legend>
        {(['schedule', 'webhook'] as const).map((kind) => (
          <label key={kind} className={styles.choice}>
            <input type="radio" name={`${id}-kind`} checked={draft.kind === kind} onChange={() => set({ kind })} />
            {kind === 'schedule' ? 'Schedule' : 'Webhook'}
          </label>
        ))}
      </fieldset>
      <label>
        Trigger name
        <input required value={draft.name} onChange={(event) => set({ name: event.target.value })} />
      </label>
      <label>
        Prompt
        <textarea rows={2} value={draft.customPrompt} onChange={(event) => set({ customPrompt: event.target.value })} />
      </label>
      {draft.kind === 'schedule' ? <ScheduleFields id={id} draft={draft} set={set} /> : <WebhookFields id={id} draft={draft} set={set} />}
      <FormError message={error} />
      <div className={styles.formActions}>
        <button type="submit" disabled={busy}>
          Create trigger
        </button>
      </div>
      {hookUrl ? (
        <div role="status" className={styles.hookUrl}>
          <p>Hook URL, shown only now:</p>
          <code>{hookUrl}</code>
          <button type="button" onClick={() => void copy(hookUrl)}>
            Copy hook URL
          </button>
          {copied ? <span> Copied.</span> : null}
        </div>
      ) : null}
    </form>
  );
}

interface FieldsProps {
  readonly id: string;
  readonly draft: TriggerDraft;
  readonly set: (changes: Partial<TriggerDraft>) => void;
}

function ScheduleFields({ id, draft, set }: FieldsProps) {
  return (
    <>
      <fieldset>
        <legend>Runs</legend>
        <label className={styles.choice}>
          <input type="radio" name={`${id}-schedule`} checked={draft.scheduleType === 'cron'} onChange={() => set({ scheduleType: 'cron' })} />
          On a cron schedule
        </label>
        <label className={styles.choice}>
          <input type="radio" name={`${id}-schedule`} checked={draft.scheduleType === 'interval'} onChange={() => set({ scheduleType: 'interval' })} />
          Every few days
        </label>
      </fieldset>
      {draft.scheduleType === 'cron' ? (
        <label>
          Cron (five fields)
          <input required value={draft.cron} onChange={(event) => set({ cron: event.target.value })} />
        </label>
      ) : (
        <>
          <label>
            Every how many days
            <input type="number" min={1} required value={draft.intervalDays} onChange={(event) => set({ intervalDays: event.target.value })} />
          </label>
          <label>
            Day of week
            <select value={draft.dayOfWeek} onChange={(event) => set({ dayOfWeek: event.target.value })}>
              <option value="">Any day</option>
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={String(index)}>
                  {day}
                </option>
              ))}
            </select>
          </label>
          <label>
            Time
            <input type="time" required value={draft.time} onChange={(event) => set({ time: event.target.value })} />
          </label>
        </>
      )}
      <label>
        Time zone
        <input required value={draft.timezone} onChange={(event) => set({ timezone: event.target.value })} />
      </label>
    </>
  );
}

function WebhookFields({ draft, set }: FieldsProps) {
  return (
    <>
      <label>
        Event name (optional)
        <input value={draft.event} onChange={(event) => set({ event: event.target.value })} />
      </label>
      <label>
        Filter (JSON, optional)
        <textarea rows={2} value={draft.filter} placeholder='{"ref": "refs/heads/main"}' onChange={(event) => set({ filter: event.target.value })} />
      </label>
      <label className={styles.choice}>
        <input type="checkbox" checked={draft.includePayload} onChange={(event) => set({ includePayload: event.target.checked })} />
        Include the payload in the message
      </label>
      <label>
        Signing secret (optional)
        <input type="password" autoComplete="off" value={draft.signingSecret} onChange={(event) => set({ signingSecret: event.target.value })} />
      </label>
      <label>
        Signature header
        <input value={draft.signatureHeader} onChange={(event) => set({ signatureHeader: event.target.value })} />
      </label>
      <label>
        Signature algorithm
        <select value={draft.signatureAlgorithm} onChange={(event) => set({ signatureAlgorithm: event.target.value as TriggerDraft['signatureAlgorithm'] })}>
          <option value="sha1">SHA-1</option>
          <option value="sha256">SHA-256</option>
          <option value="sha512">SHA-512</option>
        </select>
      </label>
    </>
  );
}
