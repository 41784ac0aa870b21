import type { WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { useId, type FormEvent } from 'react';
import { byProvider, providerName } from '../conversations/model-choice/model-choice';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { modelChoice, type AgentDraft } from './agent-draft';
import styles from './agents.module.css';

interface AgentFormProps {
  readonly draft: AgentDraft;
  readonly models: readonly WorkspaceModelResponse[];
  readonly busy: boolean;
  /** The api's refusal of the last save, in its words. */
  readonly error: string | null;
  readonly onChange: (draft: AgentDraft) => void;
  readonly onSave: () => void;
}

/**
 * The editor's fields and Save. Nothing is checked here beyond what the browser does for a number:
 * the api judges names, lengths and ranges and says what is wrong, shown above Save.
 */
export function AgentForm({ draft, models, busy, error, onChange, onSave }: AgentFormProps) {
  const set = (field: keyof AgentDraft) => (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave();
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={busy}>
      <FormField
        label="Name"
        hint="How people mention it: @name. Letters, digits, dots, dashes and underscores."
        autoComplete="off"
        spellCheck={false}
        value={draft.name}
        onChange={set('name')}
      />
      <FormField label="Description" hint="One line on what it is for: the gallery and the mention list show it." autoComplete="off" value={draft.description} onChange={set('description')} />
      <InstructionsField value={draft.instructions} onChange={set('instructions')} />
      <ModelField models={models} value={draft.model} onChange={set('model')} />
      <div className={styles.numbers}>
        <FormField label="Temperature" hint="0 answers alike each time; up to 2 varies more." type="number" step="any" inputMode="decimal" value={draft.temperature} onChange={set('temperature')} />
        <FormField label="Max steps" hint="Tool calls an answer may take before it must answer (1 to 64)." type="number" step="1" inputMode="numeric" value={draft.maxSteps} onChange={set('maxSteps')} />
      </div>
      <FormError message={error} />
      <div className={styles.formActions}>
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}

function InstructionsField({ value, onChange }: { readonly value: string; readonly onChange: (event: { target: { value: string } }) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Instructions</label>
      <textarea id={id} rows={14} aria-describedby={`${id}-hint`} value={value} onChange={onChange} />
      <p id={`${id}-hint`} className="field-hint">
        What the agent is told before every conversation: its role, its tone, what it must and must not do.
      </p>
    </div>
  );
}

/** The workspace's models by provider; a model it no longer allows stays listed while the agent uses it, marked, so the api's refusal explains it. */
function ModelField({ models, value, onChange }: { readonly models: readonly WorkspaceModelResponse[]; readonly value: string; readonly onChange: (event: { target: { value: string } }) => void }) {
  const id = useId();
  const listed = models.some((model) => modelChoice(model) === value);
  return (
    <div className="field">
      <label htmlFor={id}>Model</label>
      <select id={id} aria-describedby={models.length === 0 ? `${id}-hint` : undefined} value={value} onChange={onChange}>
        {!listed ? <option value={value}>{value === '' ? 'No model available' : `${value} (not allowed in this workspace)`}</option> : null}
        {byProvider(models).map((group) => (
          <optgroup key={group.providerId} label={providerName(group.providerId)}>
            {group.models.map((model) => (
              <option key={modelChoice(model)} value={modelChoice(model)}>
                {model.displayName}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {models.length === 0 ? (
        <p id={`${id}-hint`} className="field-hint">
          The workspace allows no model yet: an operator configures a provider, an admin allows it.
        </p>
      ) : null}
    </div>
  );
}
