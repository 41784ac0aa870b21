import type { SkillStatus } from '../read-models/skill.read-models';

/** A skill as the API answers it (the real product's `SkillConfigurationType`, plus knowledge, files and editors). */
export interface SkillConfiguration {
  readonly id: number;
  readonly sId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly version: number;
  readonly status: SkillStatus;
  readonly name: string;
  readonly agentFacingDescription: string;
  readonly userFacingDescription: string;
  readonly instructions: string;
  readonly icon: string | null;
  readonly tools: readonly { readonly mcpServerViewId: string }[];
  readonly dataSourceViewIds: readonly string[];
  readonly fileAttachments: readonly { readonly fileId: string; readonly fileName: string | null; readonly contentType: string | null }[];
  readonly editorIds: readonly string[];
  readonly requestedSpaceIds: readonly string[];
  readonly authorId: string | null;
  /** Whether the caller may change it (admins and its editors). */
  readonly canWrite: boolean;
}

export interface SkillConfigurationEnvelope {
  readonly skillConfiguration: SkillConfiguration;
}

export interface ListSkillConfigurationsResponse {
  readonly skillConfigurations: SkillConfiguration[];
}

/** A `SKILL.md` left out of an import (`onConflict=skip`): the live skill of its name stays as it was. */
export interface SkippedSkillImport {
  readonly name: string;
  readonly message: string;
  readonly skillId: string;
}

/** What an import did, as the real product answers its imports: new skills, skills saved over, skills left alone. */
export interface ImportSkillsResponse {
  readonly imported: SkillConfiguration[];
  readonly updated: SkillConfiguration[];
  readonly skipped: SkippedSkillImport[];
}

export interface SkillHistoryResponse {
  readonly history: { readonly version: number; readonly status: string; readonly savedAt: number; readonly savedBy: string | null; readonly skillConfiguration: SkillConfiguration }[];
}

/** `GET|POST …/assistant/agent_configurations/{aId}/skills`: the skills the agent carries that the caller reads. */
export interface AgentSkillsResponse {
  readonly skills: SkillConfiguration[];
}
