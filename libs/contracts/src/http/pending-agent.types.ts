/** Answer of `POST /api/w/{wId}/assistant/agent_configurations/create-pending`: the placeholder's sId. */
export interface PendingAgentConfigurationResponse {
  readonly sId: string;
}
