import type { AgentModelCallRecorded } from '@app/contracts/events/agent-run.events';
import type { AgentMessageCreated } from '@app/contracts/events/conversation/conversation.events';
import { costMicroCredits } from '../loop/agent-cost';
import type { AgentLoopUsage } from '../loop/agent-loop.types';
import type { RunModel } from './run-model';

/**
 * The cost ledger's entry for one finished model call of a run, priced from the model's catalog
 * entry (the built-in price, or the deployment's `MODEL_PRICES`). A model the catalog does not
 * price records its tokens at no cost, as the message's `costCredits` is then null.
 */
export function modelCallEntry(
  message: AgentMessageCreated['data'],
  userId: string | null,
  model: RunModel,
  step: number,
  usage: AgentLoopUsage,
  at: number,
): AgentModelCallRecorded {
  return {
    type: 'AgentModelCallRecorded',
    data: {
      step,
      workspaceId: message.workspaceId,
      conversationId: message.conversationId,
      agentId: message.configuration.sId,
      agentName: message.configuration.name,
      agentPictureUrl: message.configuration.pictureUrl,
      userId,
      providerId: model.providerId,
      modelId: model.modelId,
      usage: {
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        ...(usage.reasoningTokens === undefined ? {} : { reasoningTokens: usage.reasoningTokens }),
        ...(usage.cachedInputTokens === undefined ? {} : { cachedInputTokens: usage.cachedInputTokens }),
      },
      costMicroCredits: model.entry ? costMicroCredits(usage, model.entry) : 0,
      at,
    },
  };
}
