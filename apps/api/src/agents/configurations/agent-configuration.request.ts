import type { AgentActionInput, AgentAssistantDto } from '@app/contracts/http/agent-configuration.dto';
import { AGENT_LIST_VIEWS, type AgentListView } from '@app/contracts/http/agent-configuration.types';
import type { AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { isReasoningEffort } from '@app/domain/models/model-selection.policy';
import { z } from 'zod';
import { ApiError } from '../../common/http/api-error';

/** Steps per run when the body does not say (the real service's default). */
export const DEFAULT_MAX_STEPS_PER_RUN = 8;

/** Picture of an agent saved without one. */
export function defaultPictureUrl(publicUrl: string): string {
  return `${publicUrl}/static/droidavatar/Droid_Black_2.jpg`;
}

const toolSchema = z.union([
  z.string(),
  z
    .object({ mcpServerViewId: z.string().optional(), sId: z.string().optional(), internalMCPServerId: z.string().optional(), name: z.string().optional() })
    .passthrough(),
]);

const tagSchema = z.union([z.string(), z.object({ sId: z.string().optional(), name: z.string() }).passthrough()]);

/** The `assistant` object Dust's web UI posts; fields the service does not use are ignored. */
const assistantSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    instructions: z.string().nullable().optional(),
    pictureUrl: z.string().optional(),
    status: z.enum(['active', 'draft']).optional(),
    // Older clients still send the scopes of before the visible/hidden rename.
    scope: z.enum(['visible', 'hidden', 'workspace', 'published', 'private']).optional(),
    model: z
      .object({
        providerId: z.string().min(1),
        modelId: z.string().min(1),
        temperature: z.number(),
        reasoningEffort: z.string().nullable().optional(),
      })
      .passthrough(),
    maxStepsPerRun: z.number().optional(),
    actions: z.array(toolSchema).optional(),
    toolset: z.array(z.string()).optional(),
    tags: z.array(tagSchema).optional(),
    templateId: z.string().nullable().optional(),
    requestedSpaceIds: z.array(z.string()).optional(),
  })
  .passthrough();

const createBodySchema = z.object({ assistant: assistantSchema }).passthrough();
const patchBodySchema = z.object({ assistant: assistantSchema.optional(), userFavorite: z.boolean().optional() }).passthrough();

/** Body of `POST /api/w/{wId}/assistant/agent_configurations`. */
export function parseCreateAgentBody(body: unknown, publicUrl: string): AgentConfigurationInput {
  return agentConfigurationInput(parse(createBodySchema, body, 'body').assistant, publicUrl);
}

/** Body of a PATCH: a new version (`assistant`), the caller's favorite (`userFavorite`), or both. */
export function parsePatchAgentBody(body: unknown, publicUrl: string): { configuration: AgentConfigurationInput | null; userFavorite: boolean | null } {
  const parsed = parse(patchBodySchema, body, 'body');
  if (parsed.assistant === undefined && parsed.userFavorite === undefined) {
    throw new ApiError('invalid_request_error', 'Invalid request body: send "assistant" (a new version) and/or "userFavorite" (a boolean).');
  }
  return { configuration: parsed.assistant ? agentConfigurationInput(parsed.assistant, publicUrl) : null, userFavorite: parsed.userFavorite ?? null };
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

/** Query flags and view of the list endpoint. */
export interface AgentListQuery {
  readonly view: AgentListView;
  readonly withAuthors: boolean;
  readonly withUsage: boolean;
  readonly withFeedbacks: boolean;
  readonly withEditors: boolean;
}

/** Reads `view` (default `all`) and the `with*` flags (`"true"`/`"false"`). */
export function parseAgentListQuery(query: Record<string, unknown>): AgentListQuery {
  const view = query.view ?? 'all';
  if (typeof view !== 'string' || !(AGENT_LIST_VIEWS as readonly string[]).includes(view)) {
    throw new ApiError('invalid_request_error', `Invalid query parameters: view must be one of ${AGENT_LIST_VIEWS.join(', ')}.`);
  }
  return {
    view: view as AgentListView,
    withAuthors: flag(query, 'withAuthors'),
    withUsage: flag(query, 'withUsage'),
    withFeedbacks: flag(query, 'withFeedbacks'),
    withEditors: flag(query, 'withEditors'),
  };
}

/** Reads a `"true"`/`"false"` query flag; absent means false. */
export function flag(query: Record<string, unknown>, name: string): boolean {
  const value = query[name];
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new ApiError('invalid_request_error', `Invalid query parameters: ${name} must be "true" or "false".`);
}

/** Reads `variant` (`light` by default, or `full`). */
export function parseVariant(query: Record<string, unknown>): 'light' | 'full' {
  const variant = query.variant ?? 'light';
  if (variant === 'light' || variant === 'full') return variant;
  throw new ApiError('invalid_request_error', 'Invalid query parameters: variant must be "light" or "full".');
}

/** Validates a request part; a failure is a 400 naming each offending field. */
export function parse<S extends z.ZodTypeAny>(schema: S, input: unknown, part: 'body' | 'query'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const label = part === 'body' ? 'Invalid request body' : 'Invalid query parameters';
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.message}${issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : ''}`)
    .join('; ');
  throw new ApiError('invalid_request_error', `${label}: ${details}`);
}
