import { TOOL_STAKES, type ToolStake, type ToolStakeSettings } from '@app/contracts/events/tool-approval.events';
import type { AgentConfigurationSnapshot } from '@app/contracts/events/agent-configuration.events';
import { DomainError } from '../shared/domain-error';
import type { ModelSelectionResult } from '../models/model-selection.policy';
import type { AgentConfigurationInput } from './agent-configuration.commands';

/** Bounds of an agent configuration's fields. */
export const AGENT_CONFIGURATION_LIMITS = {
  nameMaxLength: 64,
  descriptionMaxLength: 256,
  instructionsMaxLength: 100_000,
  pictureUrlMaxLength: 2048,
  temperatureMin: 0,
  temperatureMax: 2,
  maxStepsPerRunMin: 1,
  maxStepsPerRunMax: 64,
  tagsMax: 64,
  tagNameMaxLength: 64,
  toolsetMax: 64,
  toolIdMaxLength: 256,
  requestedSpaceIdsMax: 100,
  templateIdMaxLength: 64,
} as const;

/** Agent names are mention handles (`@name`), so only these characters. */
export const AGENT_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * Checks every field of a requested configuration and resolves its model against the policy's
 * verdict; returns the snapshot to record, in a canonical form (fixed key order, no duplicate
 * tools, tags or spaces) so that saving the same configuration twice compares equal.
 * Throws `invalid_request_error` (or `model_disabled`) naming the first bad field.
 */
export function toAgentConfigurationSnapshot(input: AgentConfigurationInput, modelCheck: ModelSelectionResult): AgentConfigurationSnapshot {
  validateFields(input);
  if (!modelCheck.ok) throw new DomainError(modelCheck.type, modelCheck.message);
  if (modelCheck.model.providerId !== input.model.providerId || modelCheck.model.modelId !== input.model.modelId) {
    throw new DomainError('invalid_request_error', 'The model check does not match the requested model.');
  }
  return {
    name: input.name,
    description: input.description,
    instructions: input.instructions,
    pictureUrl: input.pictureUrl,
    model: {
      providerId: input.model.providerId,
      modelId: input.model.modelId,
      temperature: input.model.temperature,
      reasoningEffort: modelCheck.reasoningEffort,
    },
    maxStepsPerRun: input.maxStepsPerRun,
    scope: input.scope,
    status: input.status,
    tags: uniqueBy(input.tags, (tag) => tag.sId).map((tag) => ({ sId: tag.sId, name: tag.name })),
    templateId: input.templateId,
    requestedSpaceIds: [...new Set(input.requestedSpaceIds)],
    toolset: [...new Set(input.toolset)],
    ...(input.skillIds?.length ? { skillIds: [...new Set(input.skillIds)] } : {}),
    ...(input.toolStakes ? { toolStakes: validToolStakes(input.toolStakes) } : {}),
  };
}

function validateFields(input: AgentConfigurationInput): void {
  const L = AGENT_CONFIGURATION_LIMITS;
  if (input.name.length === 0 || input.name.length > L.nameMaxLength || !AGENT_NAME_PATTERN.test(input.name)) {
    invalid(`name must be 1 to ${L.nameMaxLength} characters among letters, digits, "_", "." and "-" (it is the @mention handle)`);
  }
  if (input.description.length > L.descriptionMaxLength) invalid(`description must be at most ${L.descriptionMaxLength} characters`);
  if (input.instructions !== null && input.instructions.length > L.instructionsMaxLength) {
    invalid(`instructions must be at most ${L.instructionsMaxLength} characters`);
  }
  if (input.pictureUrl.length === 0 || input.pictureUrl.length > L.pictureUrlMaxLength) {
    invalid(`pictureUrl must be 1 to ${L.pictureUrlMaxLength} characters`);
  }
  const { temperature } = input.model;
  if (!Number.isFinite(temperature) || temperature < L.temperatureMin || temperature > L.temperatureMax) {
    invalid(`model.temperature must be a number between ${L.temperatureMin} and ${L.temperatureMax}`);
  }
  const steps = input.maxStepsPerRun;
  if (!Number.isInteger(steps) || steps < L.maxStepsPerRunMin || steps > L.maxStepsPerRunMax) {
    invalid(`maxStepsPerRun must be an integer between ${L.maxStepsPerRunMin} and ${L.maxStepsPerRunMax}`);
  }
  if (input.tags.length > L.tagsMax) invalid(`at most ${L.tagsMax} tags are allowed`);
  for (const tag of input.tags) {
    if (tag.sId.length === 0 || tag.name.length === 0 || tag.name.length > L.tagNameMaxLength) {
      invalid(`each tag needs an sId and a name of 1 to ${L.tagNameMaxLength} characters`);
    }
  }
  if (input.toolset.length > L.toolsetMax) invalid(`at most ${L.toolsetMax} tools are allowed`);
  if (input.toolset.some((id) => id.length === 0 || id.length > L.toolIdMaxLength)) {
    invalid(`each tool id must be 1 to ${L.toolIdMaxLength} characters`);
  }
  if (input.requestedSpaceIds.length > L.requestedSpaceIdsMax || input.requestedSpaceIds.some((id) => id.length === 0)) {
    invalid(`requestedSpaceIds must hold at most ${L.requestedSpaceIdsMax} non-empty ids`);
  }
  if (input.templateId !== null && (input.templateId.length === 0 || input.templateId.length > L.templateIdMaxLength)) {
    invalid(`templateId must be null or 1 to ${L.templateIdMaxLength} characters`);
  }
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function invalid(reason: string): never {
  throw new DomainError('invalid_request_error', `Invalid agent configuration: ${reason}.`);
}

/** Only known stakes, under at most 200 keys each: the settings are copied onto every message. */
function validToolStakes(settings: ToolStakeSettings): ToolStakeSettings {
  const check = (entries: Readonly<Record<string, ToolStake>> | undefined, what: string): Record<string, ToolStake> | undefined => {
    if (entries === undefined) return undefined;
    const pairs = Object.entries(entries);
    if (pairs.length > 200 || pairs.some(([key, stake]) => key.length === 0 || !(TOOL_STAKES as readonly string[]).includes(stake))) {
      invalid(`toolStakes.${what} must map at most 200 ids to one of ${TOOL_STAKES.join(', ')}`);
    }
    return Object.fromEntries(pairs);
  };
  const servers = check(settings.servers, 'servers');
  const tools = check(settings.tools, 'tools');
  return { ...(servers ? { servers } : {}), ...(tools ? { tools } : {}) };
}
