import type { SkillDefinition, SkillSavedStatus } from '../events/skill.events';

/** The status a skill is listed with: its saved status, or `archived`. */
export type SkillStatus = SkillSavedStatus | 'archived';

/** Read model of a skill at its latest version (`skills` collection, id = skill sId). */
export interface SkillDocument {
  [key: string]: unknown;
  /** Global position of the event that created it (the numeric `id` on the wire). */
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly version: number;
  readonly status: SkillStatus;
  /** The status of its last version, which a restore brings back. */
  readonly savedStatus: SkillSavedStatus;
  /** Lower-cased name, for the one-active-skill-per-name check and imports. */
  readonly nameKey: string;
  readonly definition: SkillDefinition;
  readonly createdBy: string | null;
  readonly createdAt: number;
  readonly updatedBy: string | null;
  readonly updatedAt: number;
}

/** One saved version of a skill (`skill_versions` collection, id = `<skill sId>:<version>`). */
export interface SkillVersionDocument {
  [key: string]: unknown;
  readonly id: string;
  readonly skillId: string;
  readonly workspaceId: string;
  readonly version: number;
  readonly status: SkillSavedStatus;
  readonly definition: SkillDefinition;
  readonly savedBy: string | null;
  readonly savedAt: number;
}
