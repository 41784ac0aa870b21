import type { AgentAuthor, AgentConfigurationSnapshot } from '../events/agent-configuration.events';

/** Status of a workspace agent in the read model. */
export type AgentConfigurationDocumentStatus = 'active' | 'draft' | 'pending' | 'archived';

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
  readonly at: number;
}

/**
 * Agent activity around one user message (`agent_usage`, id from `agentUsageDocumentId`): its author
 * and the agent messages answering it (one per mentioned agent, plus retries). Agent messages name
 * their parent message, not its author, so both live in the parent's document; one document per
 * user message keeps each write small however long the conversation. The api sums the documents of
 * a workspace over a time window.
 */
export interface AgentUsageDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly userMessageId: string;
  /** The member who wrote the user message, if known. */
  readonly userId: string | null;
  /** Agent messages answering it, by message sId. */
  readonly agentMessages: Readonly<Record<string, AgentUsageMessage>>;
  readonly lastPosition: number;
}

/**
 * Thumbs on one agent message (`agent_feedbacks`, id from `agentUsageDocumentId`), by user sId.
 * Feedback events name the message only: usage documents tell which agent wrote it.
 */
export interface AgentFeedbackDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly messageId: string;
  readonly thumbs: Readonly<Record<string, 'up' | 'down'>>;
  readonly lastPosition: number;
}

/** Document id of a message's usage or feedback document. */
export function agentUsageDocumentId(conversationId: string, messageId: string): string {
  return `${conversationId}:${messageId}`;
}
