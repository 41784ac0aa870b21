import type { ToolStakeSettings } from '@app/contracts/events/tool-approval.events';
import type { AgentConfigurationFull } from '@app/contracts/http/agent-configuration.types';
import type { WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import type { AgentAssistantBody } from '../api';

// The editor's fields as the person types them (text, so a half-typed number stays as typed), and
// the `assistant` object a save sends. What the editor does not show (scope, tags, spaces) is
// carried over from the version being edited, so a save changes only what was changed; the tools
// are the editor's, toolset entries it does not offer included. Numbers go as typed: the api
// judges them and says what is wrong in its words. Pure, for the spec.

export interface AgentDraft {
  readonly name: string;
  readonly description: string;
  readonly instructions: string;
  /** `providerId/modelId`, or "" when the workspace has no model to offer. */
  readonly model: string;
  readonly temperature: string;
  readonly maxSteps: string;
  /** "" for a new agent until one is chosen (the api then gives its default picture). */
  readonly pictureUrl: string;
  /** The toolset: data source views, tables, MCP server views, and entries the editor does not offer. */
  readonly toolset: readonly string[];
  readonly toolStakes: ToolStakeSettings;
  /** The sIds of the skills it carries, those the editor does not offer (unreadable to this builder) included. */
  readonly skills: readonly string[];
}

/** What a new agent starts with (the real service's defaults). */
export const NEW_AGENT_TEMPERATURE = 0.7;
export const NEW_AGENT_MAX_STEPS = 8;

/** The select's value for a model. */
export function modelChoice(model: { readonly providerId: string; readonly modelId: string }): string {
  return `${model.providerId}/${model.modelId}`;
}

/** The fields of a version to edit, or of a new agent on the workspace's first model. */
export function draftOf(agent: AgentConfigurationFull | null, models: readonly WorkspaceModelResponse[]): AgentDraft {
  if (agent === null) {
    const first = models[0];
    return {
      name: '',
      description: '',
      instructions: '',
      model: first ? modelChoice(first) : '',
      temperature: String(NEW_AGENT_TEMPERATURE),
      maxSteps: String(NEW_AGENT_MAX_STEPS),
      pictureUrl: '',
      toolset: [],
      toolStakes: {},
      skills: [],
    };
  }
  return {
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions ?? '',
    model: modelChoice(agent.model),
    temperature: String(agent.model.temperature),
    maxSteps: String(agent.maxStepsPerRun),
    pictureUrl: agent.pictureUrl,
    toolset: agent.toolset,
    toolStakes: agent.toolStakes ?? {},
    skills: skillIdsOf(agent),
  };
}

/**
 * The `assistant` object that saves `draft`, as a new agent (`base` null) or as a new version of
 * `base`. The reasoning effort is kept while the model is; another model starts from its own default.
 */
export function assistantOf(draft: AgentDraft, base: AgentConfigurationFull | null): AgentAssistantBody {
  const { providerId, modelId } = parseModelChoice(draft.model);
  const sameModel = base !== null && base.model.providerId === providerId && base.model.modelId === modelId;
  return {
    ...carriedOver(base),
    name: draft.name,
    description: draft.description,
    instructions: draft.instructions,
    model: { providerId, modelId, temperature: Number(draft.temperature), reasoningEffort: sameModel ? (base.model.reasoningEffort ?? null) : null },
    maxStepsPerRun: Number(draft.maxSteps),
    ...(draft.pictureUrl === '' ? {} : { pictureUrl: draft.pictureUrl }),
    toolset: [...draft.toolset],
    ...(hasStakes(draft.toolStakes) ? { toolStakes: draft.toolStakes } : {}),
    // Sent only when chosen anew: without them the version keeps the agent's skills, so a save that
    // did not touch them cannot fail on one archived since.
    ...(sameSkills(draft.skills, base === null ? [] : skillIdsOf(base)) ? {} : { skills: [...draft.skills] }),
  };
}

/** The `assistant` object that saves an older version again, as the newest. */
export function assistantOfVersion(version: AgentConfigurationFull): AgentAssistantBody {
  return { ...assistantOf(draftOf(version, []), version), skills: skillIdsOf(version) };
}

/** Whether the person changed anything since the draft was read. */
export function draftChanged(draft: AgentDraft, saved: AgentDraft): boolean {
  return (Object.keys(draft) as (keyof AgentDraft)[]).some((key) => JSON.stringify(draft[key]) !== JSON.stringify(saved[key]));
}

function skillIdsOf(agent: AgentConfigurationFull): string[] {
  return agent.skills.map((skill) => skill.sId);
}

function sameSkills(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((sId) => right.includes(sId));
}

function hasStakes(stakes: ToolStakeSettings): boolean {
  return Object.keys(stakes.servers ?? {}).length + Object.keys(stakes.tools ?? {}).length > 0;
}

function parseModelChoice(choice: string): { providerId: string; modelId: string } {
  // Provider ids have no slash; a model id may (an operator's `library/model`).
  const slash = choice.indexOf('/');
  return slash < 0 ? { providerId: choice, modelId: '' } : { providerId: choice.slice(0, slash), modelId: choice.slice(slash + 1) };
}

function carriedOver(
  base: AgentConfigurationFull | null,
): Omit<AgentAssistantBody, 'name' | 'description' | 'instructions' | 'model' | 'maxStepsPerRun' | 'pictureUrl' | 'toolset' | 'toolStakes' | 'skills'> {
  if (base === null) return { status: 'active', scope: 'visible' };
  return {
    // An archived agent is restored, not saved; anything else but a draft is saved active.
    status: base.status === 'draft' ? 'draft' : 'active',
    scope: base.scope === 'hidden' ? 'hidden' : 'visible',
    tags: base.tags.map((tag) => ({ sId: tag.sId, name: tag.name })),
    templateId: base.templateId,
    requestedSpaceIds: [...base.requestedSpaceIds],
  };
}
