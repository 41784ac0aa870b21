import type { AgentSnapshot } from '@app/contracts/events/conversation/agent-message-event-values';
import type { ModelEntry } from '@app/contracts/language-models/model.types';

/** Model the default `dust` agent uses when none of the preferred ones is enabled. */
const FALLBACK_MODEL = { providerId: 'openai', modelId: 'gpt-4.1' } as const;

/** Preferred models for the default agent, best first. */
const DEFAULT_AGENT_PREFERENCE = ['gpt-4.1', 'claude-sonnet-4-5', 'gemini-2.5-pro', 'mistral-large-latest'];

export const DEFAULT_AGENT_ID = 'dust';

const DUST_INSTRUCTIONS =
  'You are Dust, a helpful assistant for the people of this workspace. Answer precisely and concisely, ' +
  'use the tools you are given when they help, and say so when you do not know.';

/**
 * The built-in agents (`scope: "global"`): `dust`, the default agent on the best enabled model, and
 * one agent per model of the enabled providers, named after the model. Ids are negative and versions
 * 0, as in the real service; both are derived from the catalog so they are stable across restarts.
 */
export function buildGlobalAgents(catalog: readonly ModelEntry[], pictureBaseUrl: string): AgentSnapshot[] {
  const preferred =
    DEFAULT_AGENT_PREFERENCE.map((modelId) => catalog.find((model) => model.modelId === modelId)).find((model) => model !== undefined) ??
    catalog[0];
  const defaultModel = preferred ? { providerId: preferred.providerId, modelId: preferred.modelId } : FALLBACK_MODEL;
  const agents: AgentSnapshot[] = [
    globalAgent({
      id: -1,
      sId: DEFAULT_AGENT_ID,
      name: 'dust',
      description: 'The default assistant of the workspace.',
      instructions: DUST_INSTRUCTIONS,
      model: defaultModel,
      pictureUrl: `${pictureBaseUrl}/static/systemavatar/dust_avatar_full.png`,
    }),
  ];
  catalog.forEach((model, index) => {
    const sId = globalAgentIdForModel(model);
    if (sId === DEFAULT_AGENT_ID || agents.some((agent) => agent.sId === sId)) return;
    agents.push(
      globalAgent({
        id: -(index + 2),
        sId,
        name: sId,
        description: `${model.displayName} (${model.providerId}) answering directly.`,
        instructions: null,
        model: { providerId: model.providerId, modelId: model.modelId },
        pictureUrl: `${pictureBaseUrl}/static/systemavatar/${model.providerId}_avatar_full.png`,
      }),
    );
  });
  return agents;
}

/** The global agent id of a model: its model id, made mention-safe. */
export function globalAgentIdForModel(model: Pick<ModelEntry, 'modelId'>): string {
  return model.modelId.replace(/[^A-Za-z0-9._-]/g, '-');
}

function globalAgent(input: {
  id: number;
  sId: string;
  name: string;
  description: string;
  instructions: string | null;
  model: { providerId: string; modelId: string };
  pictureUrl: string;
}): AgentSnapshot {
  return {
    id: input.id,
    sId: input.sId,
    version: 0,
    versionCreatedAt: null,
    versionAuthorId: null,
    name: input.name,
    description: input.description,
    instructions: input.instructions,
    pictureUrl: input.pictureUrl,
    status: 'active',
    scope: 'global',
    model: { ...input.model, temperature: 0.7, reasoningEffort: 'none' },
    maxStepsPerRun: 8,
    tags: [],
    templateId: null,
    requestedSpaceIds: [],
    toolset: [],
  };
}
