import type { SkillDefinition, SkillEvent } from '@app/contracts/events/skill.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { SkillCommand } from './skill.commands';
import { conversationSkillsDecider } from './conversation-skills.decider';
import { skillDecider } from './skill.decider';

const now = 1_700_000_000_000;
const workspaceId = 'W0rkspace1';
const skillId = 'skl_one';
const spec = deciderSpec(skillDecider(skillId));
const definition: SkillDefinition = {
  name: 'release-notes',
  agentFacingDescription: 'Writes release notes.',
  userFacingDescription: 'Release notes',
  instructions: 'Group changes by area.',
  icon: null,
  mcpServerViewIds: [],
  dataSourceViewIds: ['dsv_a', 'dsv_a'],
  fileIds: ['fil_a'],
  editorIds: ['Us3r000001'],
  requestedSpaceIds: [],
};
const stored = { ...definition, dataSourceViewIds: ['dsv_a'] };
const create: SkillCommand = { type: 'CreateSkill', workspaceId, skillId, status: 'active', definition, by: 'Us3r000001', now };
const created: SkillEvent = { type: 'SkillCreated', data: { workspaceId, skillId, by: 'Us3r000001', at: now, version: 1, status: 'active', definition: stored } };
const archived: SkillEvent = { type: 'SkillArchived', data: { workspaceId, skillId, by: null, at: now + 2 } };

describe('skill decider', () => {
  it('creates a skill once as version 1, its lists deduplicated', () => {
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenNothing();
  });

  it('refuses a definition past its limits or a blank name', () => {
    spec.given([]).when({ ...create, definition: { ...definition, name: '  ' } }).thenThrows('invalid_request_error', 'name');
    spec.given([]).when({ ...create, definition: { ...definition, instructions: 'x'.repeat(64_001) } }).thenThrows('invalid_request_error', 'instructions');
    spec.given([]).when({ ...create, definition: { ...definition, fileIds: Array.from({ length: 65 }, (_, i) => `fil_${i}`) } }).thenThrows('invalid_request_error');
  });

  it('saves a new version only when something changed', () => {
    const update: SkillCommand = { type: 'UpdateSkill', status: 'active', definition: { ...stored, instructions: 'Be brief.' }, by: null, now: now + 1 };
    spec.given([created]).when(update).then([
      { type: 'SkillUpdated', data: { workspaceId, skillId, by: null, at: now + 1, version: 2, status: 'active', definition: { ...stored, instructions: 'Be brief.' } } },
    ]);
    spec.given([created]).when({ ...update, definition: stored }).thenNothing();
    spec.given([]).when(update).thenThrows('skill_not_found');
  });

  it('archives and restores, and refuses to change an archived skill', () => {
    spec.given([created]).when({ type: 'ArchiveSkill', by: null, now: now + 2 }).then([archived]);
    spec.given([created, archived]).when({ type: 'ArchiveSkill', by: null, now: now + 3 }).thenNothing();
    spec.given([created, archived]).when({ type: 'UpdateSkill', status: 'active', definition: stored, by: null, now }).thenThrows('invalid_request_error', 'archived');
    spec.given([created, archived]).when({ type: 'RestoreSkill', by: null, now: now + 3 }).then([{ type: 'SkillRestored', data: { workspaceId, skillId, by: null, at: now + 3 } }]);
    spec.given([created]).when({ type: 'RestoreSkill', by: null, now }).thenNothing();
    spec.given([]).when({ type: 'ArchiveSkill', by: null, now }).thenThrows('skill_not_found');
  });
});

describe('conversation skills decider', () => {
  const skills = deciderSpec(conversationSkillsDecider);
  const enable = { type: 'EnableConversationSkill', workspaceId, conversationId: 'c0nv', skillId, enabledBy: 'agent', agentMessageId: 'm5g', by: null, now } as const;
  const enabled = { type: 'ConversationSkillEnabled', data: { workspaceId, conversationId: 'c0nv', skillId, enabledBy: 'agent', agentMessageId: 'm5g', by: null, at: now } } as const;

  it('records a skill enabled once, and a disable only of an enabled skill', () => {
    skills.given([]).when(enable).then([enabled]);
    skills.given([enabled]).when(enable).thenNothing();
    const disable = { type: 'DisableConversationSkill', workspaceId, conversationId: 'c0nv', skillId, by: null, now } as const;
    skills.given([enabled]).when(disable).then([{ type: 'ConversationSkillDisabled', data: { workspaceId, conversationId: 'c0nv', skillId, by: null, at: now } }]);
    skills.given([]).when(disable).thenNothing();
  });
});
