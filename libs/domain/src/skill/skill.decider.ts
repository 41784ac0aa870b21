import { assertNever } from '@app/contracts/assert-never';
import { toSkillStreamName, type SkillDefinition, type SkillEvent } from '@app/contracts/events/skill.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { SkillCommand } from './skill.commands';
import type { SkillState } from './skill.state';

const notFound = () => new DomainError('skill_not_found', 'The skill you requested was not found.');

/** Limits of a definition, checked here so that no path (create, update, import) can pass them. */
export const SKILL_LIMITS = {
  nameMaxLength: 64,
  descriptionMaxLength: 1_024,
  instructionsMaxLength: 64_000,
  idsMax: 64,
} as const;

/** Decides for the skill `skillId` (the stream's id). */
function decide(skillId: string, command: SkillCommand, state: SkillState): SkillEvent[] {
  switch (command.type) {
    case 'CreateSkill': {
      if (state.workspaceId !== null) return [];
      if (command.skillId !== skillId) throw new DomainError('invalid_request_error', 'The skill id does not match its stream.');
      const { workspaceId, status, by, now } = command;
      return [{ type: 'SkillCreated', data: { workspaceId, skillId, by, at: now, version: 1, status, definition: validDefinition(command.definition) } }];
    }
    case 'UpdateSkill': {
      const { workspaceId, definition } = live(state);
      if (state.archived) throw new DomainError('invalid_request_error', 'An archived skill cannot be changed; restore it first.');
      const next = validDefinition(command.definition);
      if (command.status === state.status && sameDefinition(definition, next)) return [];
      const data = { workspaceId, skillId, by: command.by, at: command.now, version: state.version + 1, status: command.status, definition: next };
      return [{ type: 'SkillUpdated', data }];
    }
    case 'ArchiveSkill':
      live(state);
      return state.archived ? [] : [{ type: 'SkillArchived', data: { workspaceId: live(state).workspaceId, skillId, by: command.by, at: command.now } }];
    case 'RestoreSkill':
      live(state);
      return state.archived ? [{ type: 'SkillRestored', data: { workspaceId: live(state).workspaceId, skillId, by: command.by, at: command.now } }] : [];
    default:
      return assertNever(command);
  }
}

function live(state: SkillState): { workspaceId: string; definition: SkillDefinition } {
  if (state.workspaceId === null || state.definition === null) throw notFound();
  return { workspaceId: state.workspaceId, definition: state.definition };
}

/** The definition with its lists deduplicated; a DomainError (400) when it passes a limit. */
function validDefinition(definition: SkillDefinition): SkillDefinition {
  const L = SKILL_LIMITS;
  const invalid = (reason: string) => new DomainError('invalid_request_error', `Invalid skill: ${reason}.`);
  const name = definition.name.trim();
  if (name.length === 0 || name.length > L.nameMaxLength) throw invalid(`name must be 1 to ${L.nameMaxLength} characters`);
  if (definition.agentFacingDescription.length > L.descriptionMaxLength || definition.userFacingDescription.length > L.descriptionMaxLength) {
    throw invalid(`descriptions must be at most ${L.descriptionMaxLength} characters`);
  }
  if (definition.instructions.length > L.instructionsMaxLength) throw invalid(`instructions must be at most ${L.instructionsMaxLength} characters`);
  const lists = [definition.mcpServerViewIds, definition.dataSourceViewIds, definition.fileIds, definition.editorIds, definition.requestedSpaceIds];
  if (lists.some((ids) => ids.length > L.idsMax)) throw invalid(`each list holds at most ${L.idsMax} ids`);
  const unique = (ids: readonly string[]) => [...new Set(ids)];
  return {
    ...definition,
    name,
    mcpServerViewIds: unique(definition.mcpServerViewIds),
    dataSourceViewIds: unique(definition.dataSourceViewIds),
    fileIds: unique(definition.fileIds),
    editorIds: unique(definition.editorIds),
    requestedSpaceIds: unique(definition.requestedSpaceIds),
  };
}

function sameDefinition(a: SkillDefinition, b: SkillDefinition): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function evolve(state: SkillState, event: SkillEvent): SkillState {
  switch (event.type) {
    case 'SkillCreated':
    case 'SkillUpdated':
      return { ...state, workspaceId: event.data.workspaceId, version: event.data.version, status: event.data.status, definition: event.data.definition };
    case 'SkillArchived':
      return { ...state, archived: true };
    case 'SkillRestored':
      return { ...state, archived: false };
    default:
      return assertNever(event);
  }
}

/** The decider of one skill; its sId comes with the stream id. */
export function skillDecider(skillId: string): Decider<SkillCommand, SkillEvent, SkillState> {
  return {
    decide: (command, state) => decide(skillId, command, state),
    evolve,
    initialState: () => ({ workspaceId: null, version: 0, status: 'active', archived: false, definition: null }),
  };
}

/** A skill, by sId. */
export function skillAggregate(skillId: string): Aggregate<SkillCommand, SkillEvent, SkillState> {
  return { decider: skillDecider(skillId), streamName: toSkillStreamName };
}
