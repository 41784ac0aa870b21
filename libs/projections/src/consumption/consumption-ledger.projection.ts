import type { AgentModelCallRecorded } from '@app/contracts/events/agent-run.events';
import { fromAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import {
  consumptionDocumentId,
  type ConsumptionTotals,
  type MessageConsumptionDocument,
  type ModelConsumption,
} from '@app/contracts/read-models/consumption.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';

const NONE: ConsumptionTotals = { calls: 0, inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, costMicroCredits: 0 };

function isModelCall(event: RecordedEvent): event is RecordedEvent & AgentModelCallRecorded {
  return event.type === 'AgentModelCallRecorded' && fromAgentMessageStreamName(event.streamName) !== null;
}

function plus<T extends ConsumptionTotals>(totals: T, call: AgentModelCallRecorded['data']): T {
  return {
    ...totals,
    calls: totals.calls + 1,
    inputTokens: totals.inputTokens + call.usage.inputTokens,
    outputTokens: totals.outputTokens + call.usage.outputTokens,
    reasoningTokens: totals.reasoningTokens + (call.usage.reasoningTokens ?? 0),
    cachedInputTokens: totals.cachedInputTokens + (call.usage.cachedInputTokens ?? 0),
    costMicroCredits: totals.costMicroCredits + call.costMicroCredits,
  };
}

/**
 * The cost ledger: one document per agent message, folding the model calls its run recorded
 * (`AgentModelCallRecorded` on the message's run stream). The calls carry their own attribution
 * (workspace, conversation, agent, author), so no other event is needed and a rebuild from the log
 * gives the same documents.
 */
export const consumptionLedgerProjection: Projection<MessageConsumptionDocument> = {
  ...READ_MODELS.consumptionLedger,
  indexes: [{ equal: ['workspaceId'] }, { equal: ['workspaceId', 'conversationId'] }, { equal: ['workspaceId', 'month'] }],
  canHandle: ['AgentModelCallRecorded'],
  documentIds(event) {
    if (!isModelCall(event)) return [];
    return [consumptionDocumentId(event.data.conversationId, fromAgentMessageStreamName(event.streamName) ?? '')];
  },
  evolve(doc, event) {
    if (!isModelCall(event)) return doc;
    if (doc && doc.lastPosition >= event.position) return doc;
    const call = event.data;
    const date = new Date(call.at).toISOString();
    const base: MessageConsumptionDocument = doc ?? {
      ...NONE,
      workspaceId: call.workspaceId,
      conversationId: call.conversationId,
      messageId: fromAgentMessageStreamName(event.streamName) ?? '',
      agentId: call.agentId,
      agentName: call.agentName,
      agentPictureUrl: call.agentPictureUrl,
      userId: call.userId,
      day: date.slice(0, 10),
      month: date.slice(0, 7),
      firstAt: call.at,
      lastAt: call.at,
      models: {},
      lastPosition: event.position,
    };
    const key = `${call.providerId}/${call.modelId}`;
    const model: ModelConsumption = base.models[key] ?? { ...NONE, providerId: call.providerId, modelId: call.modelId };
    return {
      ...plus(base, call),
      lastAt: Math.max(base.lastAt, call.at),
      models: { ...base.models, [key]: plus(model, call) },
      lastPosition: event.position,
    };
  },
};
