import type { AgentActionInput, AgentAssistantDto } from '@app/contracts/http/agent-configuration.dto';
import type { AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { isReasoningEffort } from '@app/domain/models/model-selection.policy';
import { ApiError } from '../../common/http/api-error';

/** Steps per run when the body does not say (the real service's default). */
export const DEFAULT_MAX_STEPS_PER_RUN = 8;

/** Picture of an agent saved without one. */
export function defaultPictureUrl(publicUrl: string): string {
  return `${publicUrl}/static/droidavatar/Droid_Black_2.jpg`;
}

/** The configuration a validated `assistant` object saves: defaults filled in, old scopes mapped, tools named by id. */
export function agentConfigurationInput(assistant: AgentAssistantDto, publicUrl: string): AgentConfigurationInput {
  const effort = assistant.model.reasoningEffort ?? null;
  if (effort !== null && !isReasoningEffort(effort)) {
    throw new ApiError('invalid_request_error', 'Invalid request body: assistant.model.reasoningEffort must be one of none, light, medium, high.');
  }
  const toolset = [...(assistant.actions ?? []).map(toolId), ...(assistant.toolset ?? [])];
  return {
    name: assistant.name.trim(),
    description: assistant.description.trim(),
    instructions: assistant.instructions ?? null,
    pictureUrl: assistant.pictureUrl?.trim() || defaultPictureUrl(publicUrl),
    model: { providerId: assistant.model.providerId, modelId: assistant.model.modelId, temperature: assistant.model.temperature, reasoningEffort: effort },
    maxStepsPerRun: assistant.maxStepsPerRun ?? DEFAULT_MAX_STEPS_PER_RUN,
    scope: assistant.scope === 'hidden' || assistant.scope === 'private' ? 'hidden' : 'visible',
    status: assistant.status ?? 'active',
    tags: (assistant.tags ?? []).map((tag) => (typeof tag === 'string' ? { sId: tag, name: tag } : { sId: tag.sId ?? tag.name, name: tag.name })),
    templateId: assistant.templateId ?? null,
    requestedSpaceIds: assistant.requestedSpaceIds ?? [],
    toolset,
  };
}

function toolId(tool: string | AgentActionInput): string {
  if (typeof tool === 'string') return tool;
  const id = tool.mcpServerViewId ?? tool.sId ?? tool.internalMCPServerId ?? tool.name;
  if (id === undefined) {
    throw new ApiError('invalid_request_error', 'Invalid request body: each action needs an mcpServerViewId, sId or name.');
  }
  return id;
}
