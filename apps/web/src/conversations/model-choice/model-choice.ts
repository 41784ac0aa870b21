import type { WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import type { ModelSelection } from '@app/contracts/language-models/model.types';

// The composer's model choice as a select's value: "" is the agent's own model (no override), any
// other value one of the workspace's models. Pure, for the spec.

/** The value of the option that leaves each agent its own model. */
export const AGENTS_MODEL = '';

/** The select's value for a model. */
export function choiceOf(model: Pick<WorkspaceModelResponse, 'providerId' | 'modelId'>): string {
  return `${model.providerId}/${model.modelId}`;
}

/** The `modelSelection` a chosen value stands for; undefined for the agent's model or a value no listed model has. */
export function selectionOf(value: string, models: readonly WorkspaceModelResponse[]): ModelSelection | undefined {
  if (value === AGENTS_MODEL) return undefined;
  const model = models.find((candidate) => choiceOf(candidate) === value);
  return model === undefined ? undefined : { providerId: model.providerId, modelId: model.modelId };
}

/** Models grouped by provider, in the order the api lists them, for the select's groups. */
export function byProvider(models: readonly WorkspaceModelResponse[]): Array<{ readonly providerId: string; readonly models: readonly WorkspaceModelResponse[] }> {
  const groups = new Map<string, WorkspaceModelResponse[]>();
  for (const model of models) groups.set(model.providerId, [...(groups.get(model.providerId) ?? []), model]);
  return [...groups].map(([providerId, grouped]) => ({ providerId, models: grouped }));
}

const PROVIDER_NAMES: Readonly<Record<string, string>> = { openai: 'OpenAI', anthropic: 'Anthropic', google_ai_studio: 'Google', mistral: 'Mistral' };

/** A provider as people know it; an operator's own provider by its id. */
export function providerName(providerId: string): string {
  return PROVIDER_NAMES[providerId] ?? providerId;
}

/** Whether there is a choice to offer: with one model or none, every agent already runs what the workspace allows. */
export function offersChoice(models: readonly WorkspaceModelResponse[]): boolean {
  return models.length > 1;
}
