import type { AgentAuthor, AgentConfigurationSnapshot } from '../events/agent-configuration.events';

/** Status of a workspace agent in the read model. */
export type AgentConfigurationDocumentStatus = 'active' | 'draft' | 'archived';

/** One saved version, as listed in an agent's history. */
export interface AgentVersionSummary {
  readonly version: number;
  /** Global position of the event that saved the version (the version's numeric `id`). */
  readonly id: number;
  readonly at: number;
  readonly author: AgentAuthor | null;
}

/**
 * Read model of a workspace agent (`agent_configurations`, id = agent sId): its current version and
 * the summary of every version. Top-level `status`, `scope` and `nameKey` are there to be queried.
 */
export interface AgentConfigurationDocument {
  [key: string]: unknown;
  /** Position of the event that saved the current version. */
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly status: AgentConfigurationDocumentStatus;
  readonly scope: AgentConfigurationSnapshot['scope'];
  /** Lower-cased name, for name uniqueness checks. */
  readonly nameKey: string;
  readonly version: number;
  readonly versionCreatedAt: number;
  readonly versionAuthor: AgentAuthor | null;
  readonly configuration: AgentConfigurationSnapshot;
  /** Distinct authors of the versions, most recent first: the agent's editors. */
  readonly editors: readonly AgentAuthor[];
  /** Every version, oldest first. */
  readonly versions: readonly AgentVersionSummary[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly lastPosition: number;
}

/** Read model of one version (`agent_configuration_versions`, id = `<sId>:<version>`). */
export interface AgentConfigurationVersionDocument {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly version: number;
  readonly at: number;
  readonly author: AgentAuthor | null;
  readonly configuration: AgentConfigurationSnapshot;
}

/** Document id of a version. */
export function agentConfigurationVersionDocumentId(sId: string, version: number): string {
  return `${sId}:${version}`;
}

/** Read model of a member's favorite agents (`agent_favorites`, id = user sId). */
export interface AgentFavoritesDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly userId: string;
  readonly agentIds: readonly string[];
  readonly lastPosition: number;
}

/** One agent message as usage counts it. */
export interface AgentUsageMessage {
  readonly agentId: string;
  /** The member whose message the agent answered, if known. */
  readonly userId: string | null;
  readonly at: number;
}

/**
 * Agent activity of one conversation (`agent_usage`, id = conversation sId). Feedback events name
 * the message, not the agent, so the per-message agent map lives beside them; the api sums the
 * documents of a workspace over a time window.
 */
export interface AgentUsageDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly conversationId: string;
  /** Author of each user message (by message sId), to attribute the agent messages answering it. */
  readonly userMessageAuthors: Readonly<Record<string, string | null>>;
  /** Agent messages by message sId. */
  readonly agentMessages: Readonly<Record<string, AgentUsageMessage>>;
  /** Thumbs by agent message sId, then by user sId. */
  readonly feedbacks: Readonly<Record<string, Readonly<Record<string, 'up' | 'down'>>>>;
  readonly lastPosition: number;
}
