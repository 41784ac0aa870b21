import type { SkillDefinition, SkillSavedStatus } from '@app/contracts/events/skill.events';

/** One skill as its commands see it; `workspaceId` is null until it is created. */
export interface SkillState {
  readonly workspaceId: string | null;
  readonly version: number;
  readonly status: SkillSavedStatus;
  readonly archived: boolean;
  readonly definition: SkillDefinition | null;
}
