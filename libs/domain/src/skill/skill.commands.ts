import type { SkillDefinition, SkillSavedStatus } from '@app/contracts/events/skill.events';

/** Creates a skill as version 1 (the api checked its views, files and name). */
export type CreateSkill = {
  readonly type: 'CreateSkill';
  readonly workspaceId: string;
  readonly skillId: string;
  readonly status: SkillSavedStatus;
  readonly definition: SkillDefinition;
  readonly by: string | null;
  readonly now: number;
};

/** Saves a new version with the whole new definition; nothing when it did not change. */
export type UpdateSkill = {
  readonly type: 'UpdateSkill';
  readonly status: SkillSavedStatus;
  readonly definition: SkillDefinition;
  readonly by: string | null;
  readonly now: number;
};

export type ArchiveSkill = { readonly type: 'ArchiveSkill'; readonly by: string | null; readonly now: number };

export type RestoreSkill = { readonly type: 'RestoreSkill'; readonly by: string | null; readonly now: number };

export type SkillCommand = CreateSkill | UpdateSkill | ArchiveSkill | RestoreSkill;
