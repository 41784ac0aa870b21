import type { AgentConfigurationSnapshot } from '@app/contracts/events/agent-configuration.events';

/** What the agent configuration decider needs: existence, status, and the current version. */
export type AgentConfigurationState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'draft' | 'pending' | 'archived';
      readonly workspaceId: string;
      readonly agentConfigurationId: string;
      readonly version: number;
      readonly configuration: AgentConfigurationSnapshot;
    };
