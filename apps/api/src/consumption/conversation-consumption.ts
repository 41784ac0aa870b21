import type {
  ConversationConsumptionAgentDetails,
  ConversationConsumptionModelDetails,
  ConversationConsumptionResponse,
} from '@app/contracts/http/consumption.types';
import { messageCredits, type MessageConsumptionDocument, type ModelConsumption } from '@app/contracts/read-models/consumption.read-models';

/** Display name of a model (the catalog's), its id when the deployment no longer offers it. */
export type ModelNameOf = (providerId: string, modelId: string) => string;

/**
 * A conversation's consumption in the real product's shape, from the ledger documents of its agent
 * messages (runs in progress included: their finished model calls are already there). Credits are
 * the messages' `costCredits` summed; a model's share is its exact cost.
 */
export function conversationConsumption(docs: readonly MessageConsumptionDocument[], nameOf: ModelNameOf): ConversationConsumptionResponse {
  const billedCredits = sum(docs.map(messageCredits));
  if (billedCredits === 0) return { billedCredits, details: null };
  const byAgent = new Map<string, MessageConsumptionDocument[]>();
  for (const doc of docs) byAgent.set(doc.agentId, [...(byAgent.get(doc.agentId) ?? []), doc]);
  const agents: ConversationConsumptionAgentDetails[] = [...byAgent.entries()].map(([agentId, own]) => {
    const latest = own.reduce((a, b) => (b.lastAt > a.lastAt ? b : a));
    const credits = sum(own.map(messageCredits));
    return { agentId, name: latest.agentName, pictureUrl: latest.agentPictureUrl, billedCredits: credits, agentWorkCredits: credits, tools: [], models: modelsOf(own, nameOf) };
  });
  agents.sort((a, b) => b.billedCredits - a.billedCredits || a.agentId.localeCompare(b.agentId));
  return { billedCredits, details: { agentWorkCredits: billedCredits, tools: [], models: modelsOf(docs, nameOf), agents } };
}

function modelsOf(docs: readonly MessageConsumptionDocument[], nameOf: ModelNameOf): ConversationConsumptionModelDetails[] {
  const models = new Map<string, ModelConsumption>();
  for (const doc of docs) {
    for (const [key, model] of Object.entries(doc.models)) {
      const seen = models.get(key);
      models.set(
        key,
        seen
          ? {
              ...seen,
              calls: seen.calls + model.calls,
              inputTokens: seen.inputTokens + model.inputTokens,
              outputTokens: seen.outputTokens + model.outputTokens,
              reasoningTokens: seen.reasoningTokens + model.reasoningTokens,
              cachedInputTokens: seen.cachedInputTokens + model.cachedInputTokens,
              costMicroCredits: seen.costMicroCredits + model.costMicroCredits,
            }
          : model,
      );
    }
  }
  return [...models.values()]
    .map(({ costMicroCredits, ...model }) => ({ ...model, displayName: nameOf(model.providerId, model.modelId), attributedCredits: costMicroCredits / 1_000_000 }))
    .sort((a, b) => b.attributedCredits - a.attributedCredits || a.modelId.localeCompare(b.modelId));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
