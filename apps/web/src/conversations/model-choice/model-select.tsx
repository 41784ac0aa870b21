import type { WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { useId } from 'react';
import { AGENTS_MODEL, byProvider, choiceOf, providerName } from './model-choice';
import styles from './model-select.module.css';

/** The select named Model: "Agent's model" (each agent runs its own), or one of the workspace's models for this message. */
export function ModelSelect({ models, value, onChange }: { readonly models: readonly WorkspaceModelResponse[]; readonly value: string; readonly onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className={styles.modelChoice}>
      <label htmlFor={id} className={styles.label}>
        Model
      </label>
      <select id={id} className={`text-input ${styles.select}`} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value={AGENTS_MODEL}>Agent&apos;s model</option>
        {byProvider(models).map((group) => (
          <optgroup key={group.providerId} label={providerName(group.providerId)}>
            {group.models.map((model) => (
              <option key={choiceOf(model)} value={choiceOf(model)}>
                {model.displayName}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
