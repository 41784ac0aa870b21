import type { AgentMessageCreated } from '@app/contracts/events/conversation/conversation.events';
import type { ModelResolutionMethod, ResolvedModel } from '@app/contracts/events/conversation/agent-message-event-values';
import type { ModelEntry, ReasoningEffort } from '@app/contracts/language-models/model.types';
import { isReasoningEffort } from '@app/domain/models/model-selection.policy';

/** The model an agent message runs on, and how it was chosen. */
export interface RunModel {
  readonly providerId: string;
  readonly modelId: string;
  readonly reasoningEffort: ReasoningEffort | undefined;
  readonly temperature: number | undefined;
  readonly method: Extract<ModelResolutionMethod, 'agent' | 'user'>;
  /** The catalog entry (pricing); undefined when the deployment does not offer the model. */
  readonly entry: ModelEntry | undefined;
}

/**
 * The user's per-message `modelSelection` wins (it was validated when the message was posted);
 * otherwise the agent's own model. The effort falls back to the catalog's default for the model.
 */
export function resolveRunModel(message: AgentMessageCreated['data'], catalog: readonly ModelEntry[]): RunModel {
  const selection = message.modelSelection;
  const agentModel = message.configuration.model;
  const chosen = selection ?? agentModel;
  const entry = catalog.find((model) => model.providerId === chosen.providerId && model.modelId === chosen.modelId);
  const requested = chosen.reasoningEffort;
  return {
    providerId: chosen.providerId,
    modelId: chosen.modelId,
    reasoningEffort: isReasoningEffort(requested) ? requested : entry?.defaultReasoningEffort,
    temperature: agentModel.temperature,
    method: selection ? 'user' : 'agent',
    entry,
  };
}

/** `resolvedModel` as recorded on the message. */
export function resolvedModelOf(model: RunModel): ResolvedModel {
  return { providerId: model.providerId, modelId: model.modelId, reasoningEffort: model.reasoningEffort ?? null };
}
