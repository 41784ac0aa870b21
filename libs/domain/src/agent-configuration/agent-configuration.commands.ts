import type { AgentAuthor, AgentConfigurationSnapshot } from '@app/contracts/events/agent-configuration.events';
import type { ModelSelectionResult } from '../models/model-selection.policy';

/**
 * A configuration as requested: the model's reasoning effort may be left to the model's default
 * (null); everything else is final.
 */
export type AgentConfigurationInput = Omit<AgentConfigurationSnapshot, 'model'> & {
  readonly model: Omit<AgentConfigurationSnapshot['model'], 'reasoningEffort'> & {
    readonly reasoningEffort: AgentConfigurationSnapshot['model']['reasoningEffort'] | null;
  };
};

/**
 * Creates a workspace agent (version 0). The api checks name uniqueness against the read model and
 * runs the model policy (`validateModelSelection`) on the requested model; `modelCheck` is its result.
 */
export type CreateAgentConfiguration = {
  readonly type: 'CreateAgentConfiguration';
  readonly workspaceId: string;
  readonly agentConfigurationId: string;
  readonly configuration: AgentConfigurationInput;
  readonly modelCheck: ModelSelectionResult;
  readonly author: AgentAuthor | null;
  readonly now: number;
};

/** Saves a new version with the complete new configuration (nothing when it equals the current one). */
export type UpdateAgentConfiguration = {
  readonly type: 'UpdateAgentConfiguration';
  readonly workspaceId: string;
  readonly configuration: AgentConfigurationInput;
  readonly modelCheck: ModelSelectionResult;
  readonly author: AgentAuthor | null;
  readonly now: number;
};

/** Archives the agent (a repeat is a no-op). */
export type ArchiveAgentConfiguration = {
  readonly type: 'ArchiveAgentConfiguration';
  readonly workspaceId: string;
  readonly author: AgentAuthor | null;
  readonly now: number;
};

/** Brings an archived agent back (a repeat is a no-op). */
export type RestoreAgentConfiguration = {
  readonly type: 'RestoreAgentConfiguration';
  readonly workspaceId: string;
  readonly author: AgentAuthor | null;
  readonly now: number;
};

/** Every command of the agent configuration aggregate. */
export type AgentConfigurationCommand =
  | CreateAgentConfiguration
  | UpdateAgentConfiguration
  | ArchiveAgentConfiguration
  | RestoreAgentConfiguration;

/** Marks or unmarks an agent as one of a member's favorites. */
export type SetAgentFavorite = {
  readonly type: 'SetAgentFavorite';
  readonly workspaceId: string;
  readonly userId: string;
  readonly agentConfigurationId: string;
  readonly favorite: boolean;
  readonly now: number;
};
