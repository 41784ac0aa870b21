import type { AgentActionInput, AgentAssistantDto } from '@app/contracts/http/agent-configuration.dto';
import type { AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { DATA_SOURCE_VIEW_TOOL_PREFIX } from '@app/contracts/render/agent-configuration.render';
import { isReasoningEffort } from '@app/domain/models/model-selection.policy';
import { ApiError } from '../../common/http/api-error';

/** Steps per run when the body does not say (the real service's default). */
export const DEFAULT_MAX_STEPS_PER_RUN = 8;

/** Picture of an agent saved without one. */
export function defaultPictureUrl(publicUrl: string): string {
  return `${publicUrl}/static/droidavatar/Droid_Black_2.jpg`;
}

/** A picture uploaded here as a file (`useCase` avatar), by its path on this server: the web app shows it with its session. */
const UPLOADED_PICTURE_PATH = /^\/api\/w\/[A-Za-z0-9_-]+\/files\/[A-Za-z0-9_-]+\?action=view$/;

/**
 * Whether a client may set this picture: an `https:` URL, a `data:image/…` URL, one of the
 * pictures this service hands out itself (under PUBLIC_URL, which may be plain http), so that an
 * agent read and sent back unchanged is still accepted, or the path of a picture uploaded as a
 * file. Anything else (`javascript:`, `file:`, `http:`) would be shown to every member as it was sent.
 */
export function isAllowedPictureUrl(value: string, publicUrl: string): boolean {
  if (value.startsWith(`${publicUrl}/static/`) || UPLOADED_PICTURE_PATH.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return url.protocol === 'data:' && /^image\/[a-z0-9][a-z0-9.+-]*[;,]/i.test(url.pathname);
}

/** The configuration a validated `assistant` object saves: defaults filled in, old scopes mapped, tools named by id. */
export function agentConfigurationInput(assistant: AgentAssistantDto, publicUrl: string): AgentConfigurationInput {
  const effort = assistant.model.reasoningEffort ?? null;
  const pictureUrl = assistant.pictureUrl?.trim() || defaultPictureUrl(publicUrl);
  if (!isAllowedPictureUrl(pictureUrl, publicUrl)) {
    throw new ApiError('invalid_request_error', 'Invalid request body: assistant.pictureUrl must be an https: URL, a data:image/ URL or the path of an uploaded picture (/api/w/{wId}/files/{fileId}?action=view).');
  }
  if (effort !== null && !isReasoningEffort(effort)) {
    throw new ApiError('invalid_request_error', 'Invalid request body: assistant.model.reasoningEffort must be one of none, light, medium, high.');
  }
  const toolset = [...(assistant.actions ?? []).flatMap(toolIds), ...(assistant.toolset ?? [])];
  return {
    name: assistant.name.trim(),
    description: assistant.description.trim(),
    instructions: assistant.instructions ?? null,
    pictureUrl,
    model: { providerId: assistant.model.providerId, modelId: assistant.model.modelId, temperature: assistant.model.temperature, reasoningEffort: effort },
    maxStepsPerRun: assistant.maxStepsPerRun ?? DEFAULT_MAX_STEPS_PER_RUN,
    scope: assistant.scope === 'hidden' || assistant.scope === 'private' ? 'hidden' : 'visible',
    status: assistant.status ?? 'active',
    tags: (assistant.tags ?? []).map((tag) => (typeof tag === 'string' ? { sId: tag, name: tag } : { sId: tag.sId ?? tag.name, name: tag.name })),
    templateId: assistant.templateId ?? null,
    requestedSpaceIds: assistant.requestedSpaceIds ?? [],
    toolset,
    ...(assistant.toolStakes ? { toolStakes: assistant.toolStakes } : {}),
  };
}

/**
 * The toolset entries of one action: its id, or, for a search action carrying data sources
 * (`dataSources: [{dataSourceViewId}]`, as the real service's search actions do), one entry per view.
 */
function toolIds(tool: string | AgentActionInput): string[] {
  if (typeof tool !== 'string' && Array.isArray(tool.dataSources)) {
    return tool.dataSources.map((source: unknown) => {
      const viewId = (source as { dataSourceViewId?: unknown } | null)?.dataSourceViewId;
      if (typeof viewId !== 'string' || viewId.length === 0) {
        throw new ApiError('invalid_request_error', 'Invalid request body: each of an action\'s dataSources needs a dataSourceViewId.');
      }
      return `${DATA_SOURCE_VIEW_TOOL_PREFIX}${viewId}`;
    });
  }
  return [toolId(tool)];
}

function toolId(tool: string | AgentActionInput): string {
  if (typeof tool === 'string') return tool;
  const id = tool.mcpServerViewId ?? tool.sId ?? tool.internalMCPServerId ?? tool.name;
  if (id === undefined) {
    throw new ApiError('invalid_request_error', 'Invalid request body: each action needs an mcpServerViewId, sId or name.');
  }
  return id;
}
