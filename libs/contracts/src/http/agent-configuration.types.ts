import type { ToolStakeSettings } from '../events/tool-approval.events';
import type { LightAgentConfiguration } from './conversation-message.types';

/** Values of `view` on the agent list, as the real service accepts them. */
export const AGENT_LIST_VIEWS = [
  'all',
  'list',
  'workspace',
  'published',
  'global',
  'favorites',
  'admin_internal',
  'all_unrestricted',
  'archived',
] as const;

/** A `view` of the agent list. */
export type AgentListView = (typeof AGENT_LIST_VIEWS)[number];

/** Usage of an agent over a recent period (`withUsage=true`). */
export interface AgentUsage {
  readonly messageCount: number;
  readonly conversationCount: number;
  readonly userCount: number;
  readonly timePeriodSec: number;
}

/** Thumbs an agent's messages received (`withFeedbacks=true`). */
export interface AgentFeedbackCounts {
  readonly up: number;
  readonly down: number;
}

/** A member who can edit an agent (`withEditors=true`). */
export interface AgentEditor {
  readonly sId: string;
  readonly fullName: string;
  readonly image: string | null;
}

/** A light configuration with the optional enrichments of the list endpoint. */
export interface AgentConfigurationListItem extends LightAgentConfiguration {
  readonly lastAuthors?: readonly string[];
  readonly usage?: AgentUsage;
  readonly feedbacks?: AgentFeedbackCounts;
  readonly editors?: readonly AgentEditor[];
}

/** A tool the agent may call, as the full variant lists it. */
export interface AgentActionConfiguration {
  readonly id: number;
  readonly sId: string;
  readonly type: 'mcp_server_configuration';
  readonly name: string;
  readonly description: string | null;
  readonly mcpServerViewId: string;
  /** The agent a `run_agent:<sId>` tool hands over to. */
  readonly childAgentId: string | null;
}

/** The full variant (`variant=full`, and what the write endpoints return). */
export interface AgentConfigurationFull extends AgentConfigurationListItem {
  readonly actions: readonly AgentActionConfiguration[];
  /** Ids of the tools, as saved. */
  readonly toolset: readonly string[];
  /** Approval stakes per MCP server and per tool, when the version sets any (as saved). */
  readonly toolStakes?: ToolStakeSettings;
  /** The skills the version carries (`…/agent_configurations/{aId}/skills` sets them), by sId. */
  readonly skills: readonly { readonly sId: string }[];
}

/** `GET …/assistant/agent_configurations`. */
export interface GetAgentConfigurationsResponse {
  readonly agentConfigurations: readonly AgentConfigurationListItem[];
}

/** `GET …/assistant/agent_configurations/{sId}` and the write endpoints. */
export interface AgentConfigurationResponse {
  readonly agentConfiguration: LightAgentConfiguration | AgentConfigurationFull;
}

/** `GET /api/w/{wId}/assistant/agent_configurations/{sId}/history`: newest version first. */
export interface AgentConfigurationHistoryResponse {
  readonly history: readonly AgentConfigurationFull[];
}

/** `POST /api/v1/w/{wId}/assistant/generic_agents`. */
export interface CreateGenericAgentResponse {
  readonly agentConfiguration: LightAgentConfiguration;
  readonly subAgentConfiguration?: LightAgentConfiguration;
}
