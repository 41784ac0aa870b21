import type { ToolStakeSettings } from './tool-approval.events';
import type { ReasoningEffort } from '../language-models/model.types';

/**
 * Events of the `agent_configuration-<sId>` stream (a workspace agent and its versions) and of the
 * `agent_favorites-<userId>` stream (one member's favorite agents, global ones included). Names are
 * never changed once written; adding an optional field is free.
 */

/** Scope a workspace agent is saved with (`global` belongs to built-in agents only). */
export type AgentConfigurationScope = 'visible' | 'hidden';

/**
 * Status a version is saved with; archiving is an event of its own. `pending` is the placeholder an
 * agent builder creates before the first save (to know the agent's sId early): that first save
 * replaces it, still as version 0.
 */
export type AgentConfigurationSavedStatus = 'active' | 'draft' | 'pending';

/** Model settings of one version; `reasoningEffort` is always resolved (never "default"). */
export type AgentModelSettings = {
  readonly providerId: string;
  readonly modelId: string;
  readonly temperature: number;
  readonly reasoningEffort: ReasoningEffort;
};

/** A tag attached to an agent. */
export type AgentTag = { readonly sId: string; readonly name: string };

/**
 * What an agent is and how far it may go, recorded alike in a saved version and in the snapshot a
 * message takes of the agent it mentions (agent-message-facts.ts).
 */
export type AgentProfile = {
  readonly name: string;
  readonly description: string;
  readonly instructions: string | null;
  readonly pictureUrl: string;
  readonly maxStepsPerRun: number;
  readonly tags: readonly AgentTag[];
  readonly templateId: string | null;
  readonly requestedSpaceIds: readonly string[];
  /** Approval stakes the builder set for the agent's tools (absent: the defaults). */
  readonly toolStakes?: ToolStakeSettings;
};

/** The full configuration of one version: every version event carries the whole snapshot. */
export type AgentConfigurationSnapshot = AgentProfile & {
  readonly model: AgentModelSettings;
  readonly scope: AgentConfigurationScope;
  readonly status: AgentConfigurationSavedStatus;
  /** Ids of the tools / tool servers the agent may call (`run_agent:<sId>` for a sub-agent); may be empty. */
  readonly toolset: readonly string[];
  /** Skills (sIds) the agent carries: offered to it through its `enable_skill` tool. Absent: none. */
  readonly skillIds?: readonly string[];
};

/**
 * Who saved a version, captured when they did (the projector cannot join users). Null for a key not
 * bound to a member.
 */
export type AgentAuthor = {
  readonly userId: string;
  /** Numeric user id (`versionAuthorId` on the wire). */
  readonly id: number;
  readonly fullName: string;
  readonly image: string | null;
};

/** Fields every agent configuration event carries. `at` is epoch ms. */
export type AgentConfigurationEventBase = {
  readonly workspaceId: string;
  readonly agentConfigurationId: string;
  readonly at: number;
};

/** What every version event records: the version number, its whole snapshot, and who saved it. */
export type AgentConfigurationVersionData = AgentConfigurationEventBase & {
  readonly version: number;
  readonly configuration: AgentConfigurationSnapshot;
  readonly author: AgentAuthor | null;
};

/** A workspace agent was created (first event of its stream, version 0). */
export interface AgentConfigurationCreated {
  readonly type: 'AgentConfigurationCreated';
  readonly data: AgentConfigurationVersionData;
}

/** A new version: the previous version number + 1, with the complete new snapshot. */
export interface AgentConfigurationUpdated {
  readonly type: 'AgentConfigurationUpdated';
  readonly data: AgentConfigurationVersionData;
}

/** The agent was archived: it can no longer be mentioned or edited. */
export interface AgentConfigurationArchived {
  readonly type: 'AgentConfigurationArchived';
  readonly data: AgentConfigurationEventBase & { readonly author: AgentAuthor | null };
}

/** An archived agent was restored to the status of its last version. */
export interface AgentConfigurationRestored {
  readonly type: 'AgentConfigurationRestored';
  readonly data: AgentConfigurationEventBase & { readonly author: AgentAuthor | null };
}

/** Every event of an agent configuration stream. */
export type AgentConfigurationEvent =
  | AgentConfigurationCreated
  | AgentConfigurationUpdated
  | AgentConfigurationArchived
  | AgentConfigurationRestored;

/** All agent configuration event types, for `canHandle` lists. */
export const AGENT_CONFIGURATION_EVENT_TYPES = [
  'AgentConfigurationCreated',
  'AgentConfigurationUpdated',
  'AgentConfigurationArchived',
  'AgentConfigurationRestored',
] as const satisfies readonly AgentConfigurationEvent['type'][];

/** A member marked an agent (workspace or global) as a favorite, or unmarked it. */
export interface AgentFavoriteSet {
  readonly type: 'AgentFavoriteSet';
  readonly data: {
    readonly workspaceId: string;
    readonly userId: string;
    readonly agentConfigurationId: string;
    readonly favorite: boolean;
    readonly at: number;
  };
}

/** Every event of an agent favorites stream. */
export type AgentFavoriteEvent = AgentFavoriteSet;

const AGENT_CONFIGURATION_EVENT_TYPE_SET: ReadonlySet<string> = new Set(AGENT_CONFIGURATION_EVENT_TYPES);

/** Narrows a stored `{type, data}` to an agent configuration event. */
export function isAgentConfigurationEvent(e: { type: string; data: unknown }): e is AgentConfigurationEvent {
  return AGENT_CONFIGURATION_EVENT_TYPE_SET.has(e.type) && typeof e.data === 'object' && e.data !== null;
}

/** Narrows a stored `{type, data}` to an agent favorite event. */
export function isAgentFavoriteEvent(e: { type: string; data: unknown }): e is AgentFavoriteEvent {
  return e.type === 'AgentFavoriteSet' && typeof e.data === 'object' && e.data !== null;
}
