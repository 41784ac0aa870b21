import type { DisabledProviderResponse, WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { useId, type FormEvent } from 'react';
import { byProvider, providerName } from '../conversations/model-choice/model-choice';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { modelChoice, type AgentDraft } from './agent-draft';
import { AgentPictureField } from './agent-picture-field';
import { AgentResourceFields } from './agent-resource-fields';
import styles from './agents.module.css';
import type { AgentResources } from './use-agent-resources';

interface AgentFormProps {
  readonly wId: string;
  readonly draft: AgentDraft;
  readonly models: readonly WorkspaceModelResponse[];
  readonly disabledProviders: readonly DisabledProviderResponse[];
  readonly resources: AgentResources;
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
export function AgentForm({ wId, draft, models, disabledProviders, resources, busy, error, onChange, onSave }: AgentFormProps) {
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
      <ModelField models={models} disabledProviders={disabledProviders} value={draft.model} onChange={set('model')} />
      <div className={styles.numbers}>
        <FormField label="Temperature" hint="0 answers alike each time; up to 2 varies more." type="number" step="any" inputMode="decimal" value={draft.temperature} onChange={set('temperature')} />
        <FormField label="Max steps" hint="Tool calls an answer may take before it must answer (1 to 64)." type="number" step="1" inputMode="numeric" value={draft.maxSteps} onChange={set('maxSteps')} />
      </div>
      <AgentPictureField wId={wId} value={draft.pictureUrl} onChange={(pictureUrl) => onChange({ ...draft, pictureUrl })} />
      <AgentResourceFields
        resources={resources}
        toolset={draft.toolset}
        toolStakes={draft.toolStakes}
        onToolset={(toolset) => onChange({ ...draft, toolset })}
        onStakes={(toolStakes) => onChange({ ...draft, toolStakes })}
        skills={draft.skills}
        onSkills={(skills) => onChange({ ...draft, skills })}
      />
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

interface ModelFieldProps {
  readonly models: readonly WorkspaceModelResponse[];
  readonly disabledProviders: readonly DisabledProviderResponse[];
  readonly value: string;
  readonly onChange: (event: { target: { value: string } }) => void;
}

/**
 * The workspace's models by provider; a model it no longer allows stays listed while the agent
 * uses it, marked, so the api's refusal explains it. The providers the workspace leaves out are
 * listed disabled, and said why under the field.
 */
function ModelField({ models, disabledProviders, value, onChange }: ModelFieldProps) {
  const id = useId();
  const listed = models.some((model) => modelChoice(model) === value);
  const described = models.length === 0 || disabledProviders.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>Model</label>
      <select id={id} aria-describedby={described ? `${id}-hint` : undefined} value={value} onChange={onChange}>
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
        {disabledProviders.map((provider) => (
          <option key={provider.providerId} value={`disabled:${provider.providerId}`} disabled>
            {providerName(provider.providerId)} (not available)
          </option>
        ))}
      </select>
      {described ? (
        <div id={`${id}-hint`} className="field-hint">
          {models.length === 0 ? <p>The workspace allows no model yet: an operator configures a provider, an admin allows it.</p> : null}
          {disabledProviders.map((provider) => (
            <p key={provider.providerId}>
              {providerName(provider.providerId)} is not available: {provider.reason}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
