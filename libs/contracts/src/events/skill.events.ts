/**
 * Events of a skill's stream (`skill-<sId>`) and of the skills a conversation enabled
 * (`conversation_skills-<conversation sId>`). A skill is a versioned bundle of instructions, tools
 * (MCP server views), knowledge (data source views) and attached files; every version event carries
 * the whole definition, so any version can be read back from its one event.
 */

import { streamNameOf } from './stream-name';

export function toSkillStreamName(skillId: string): string {
  return streamNameOf('skill', skillId);
}

export function toConversationSkillsStreamName(conversationId: string): string {
  return streamNameOf('conversation_skills', conversationId);
}

/** Everything one version of a skill is. */
export type SkillDefinition = {
  readonly name: string;
  /** What the model reads to decide whether to enable the skill (`agentFacingDescription`). */
  readonly agentFacingDescription: string;
  /** What members read in the skill list (`userFacingDescription`). */
  readonly userFacingDescription: string;
  readonly instructions: string;
  readonly icon: string | null;
  readonly mcpServerViewIds: readonly string[];
  readonly dataSourceViewIds: readonly string[];
  /** Files attached to the skill (use case `skill_attachment`): readable by whoever reads the skill. */
  readonly fileIds: readonly string[];
  /** Members (user sIds) who may change the skill besides admins. */
  readonly editorIds: readonly string[];
  /** Spaces a caller must see to read the skill (its views' spaces are added by the api). */
  readonly requestedSpaceIds: readonly string[];
};

/** `active` skills are offered to agents; `suggested` ones wait for an editor to accept them. */
export type SkillSavedStatus = 'active' | 'suggested';

/** Who did it: a member's sId, or null for a key not bound to one. */
type SkillEventBase = { readonly workspaceId: string; readonly skillId: string; readonly by: string | null; readonly at: number };

export type SkillCreated = {
  readonly type: 'SkillCreated';
  readonly data: SkillEventBase & { readonly version: number; readonly status: SkillSavedStatus; readonly definition: SkillDefinition };
};

/** A new version (previous + 1) with the whole new definition. */
export type SkillUpdated = {
  readonly type: 'SkillUpdated';
  readonly data: SkillEventBase & { readonly version: number; readonly status: SkillSavedStatus; readonly definition: SkillDefinition };
};

export type SkillArchived = { readonly type: 'SkillArchived'; readonly data: SkillEventBase };

export type SkillRestored = { readonly type: 'SkillRestored'; readonly data: SkillEventBase };

export type SkillEvent = SkillCreated | SkillUpdated | SkillArchived | SkillRestored;

export const SKILL_EVENT_TYPES = ['SkillCreated', 'SkillUpdated', 'SkillArchived', 'SkillRestored'] as const satisfies readonly SkillEvent['type'][];

export function isSkillEvent(event: { readonly type: string; readonly data: unknown }): event is SkillEvent {
  return (SKILL_EVENT_TYPES as readonly string[]).includes(event.type);
}

/**
 * A skill became active in a conversation: enabled by the agent through its `enable_skill` tool
 * (during the run of `agentMessageId`) or by a member. Later runs carry its instructions and tools.
 */
export type ConversationSkillEnabled = {
  readonly type: 'ConversationSkillEnabled';
  readonly data: {
    readonly workspaceId: string;
    readonly conversationId: string;
    readonly skillId: string;
    readonly enabledBy: 'agent' | 'user';
    readonly agentMessageId: string | null;
    readonly by: string | null;
    readonly at: number;
  };
};

export type ConversationSkillDisabled = {
  readonly type: 'ConversationSkillDisabled';
  readonly data: { readonly workspaceId: string; readonly conversationId: string; readonly skillId: string; readonly by: string | null; readonly at: number };
};

export type ConversationSkillsEvent = ConversationSkillEnabled | ConversationSkillDisabled;

export const CONVERSATION_SKILLS_EVENT_TYPES = ['ConversationSkillEnabled', 'ConversationSkillDisabled'] as const satisfies readonly ConversationSkillsEvent['type'][];
