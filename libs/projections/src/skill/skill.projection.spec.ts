import type { SkillDefinition, SkillEvent } from '@app/contracts/events/skill.events';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { skillProjection, skillVersionProjection } from './skill.projection';

const at = 1_700_000_000_000;
const workspaceId = 'W0rkspace1';
const skillId = 'skl_one';
const recorded = (event: SkillEvent, revision: number) => recordedOn(`skill-${skillId}`, event, revision + 1, at);
const definition: SkillDefinition = {
  name: 'Release-Notes',
  agentFacingDescription: 'Writes release notes.',
  userFacingDescription: '',
  instructions: 'Group changes by area.',
  icon: null,
  mcpServerViewIds: [],
  dataSourceViewIds: [],
  fileIds: ['fil_a'],
  editorIds: [],
  requestedSpaceIds: [],
};
const created = recorded({ type: 'SkillCreated', data: { workspaceId, skillId, by: 'Us3r000001', at, version: 1, status: 'active', definition } }, 0);
const updated = recorded(
  { type: 'SkillUpdated', data: { workspaceId, skillId, by: null, at: at + 1, version: 2, status: 'active', definition: { ...definition, instructions: 'Be brief.' } } },
  1,
);
const archived = recorded({ type: 'SkillArchived', data: { workspaceId, skillId, by: null, at: at + 2 } }, 2);
const restored = recorded({ type: 'SkillRestored', data: { workspaceId, skillId, by: null, at: at + 3 } }, 3);

describe('skill projections', () => {
  it('keeps the latest version with a lower-cased name key', () => {
    const doc = project(skillProjection, [created, updated]).get(skillId);
    expect(doc).toMatchObject({ sId: skillId, version: 2, status: 'active', nameKey: 'release-notes', createdBy: 'Us3r000001', updatedAt: at + 1 });
    expect(doc?.definition.instructions).toBe('Be brief.');
  });

  it('lists an archived skill as archived, and a restored one with its saved status again', () => {
    expect(project(skillProjection, [created, archived]).get(skillId)?.status).toBe('archived');
    expect(project(skillProjection, [created, archived, restored]).get(skillId)?.status).toBe('active');
  });

  it('keeps every saved version, archives aside', () => {
    const versions = project(skillVersionProjection, [created, updated, archived]);
    expect([...versions.keys()].sort()).toEqual([`${skillId}:1`, `${skillId}:2`]);
    expect(versions.get(`${skillId}:1`)?.definition.instructions).toBe('Group changes by area.');
  });
});
