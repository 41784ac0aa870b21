/**
 * Logical read-model collections and their schema versions. Both the projector (which writes them)
 * and the api (which reads them) resolve physical names from this one table. Bumping a version (or
 * adding a read model) names a new collection, which the whole log must fill: a projector that
 * starts on read models built with another layout rebuilds them into a new generation in the
 * background, and reads stay on the old one until it has caught up (ReadModelLayoutUpgrade in
 * libs/projections; `projector rebuild` does the same by hand).
 */
export const READ_MODELS = {
  workspaces: { name: 'workspaces', version: 1 },
  apiKeys: { name: 'api_keys', version: 1 },
  users: { name: 'users', version: 2 },
  spaces: { name: 'spaces', version: 1 },
  conversations: { name: 'conversations', version: 3 },
  conversationMessages: { name: 'conversation_messages', version: 1 },
  conversationParticipants: { name: 'conversation_participants', version: 1 },
  agentConfigurations: { name: 'agent_configurations', version: 1 },
  agentConfigurationVersions: { name: 'agent_configuration_versions', version: 1 },
  agentFavorites: { name: 'agent_favorites', version: 1 },
  agentUsage: { name: 'agent_usage', version: 2 },
  agentFeedbacks: { name: 'agent_feedbacks', version: 1 },
  dataSources: { name: 'data_sources', version: 1 },
  dataSourceViews: { name: 'data_source_views', version: 1 },
  dataSourceDocuments: { name: 'data_source_documents', version: 1 },
  dataSourceFolders: { name: 'data_source_folders', version: 1 },
  contentNodes: { name: 'data_source_nodes', version: 1 },
  mcpServers: { name: 'mcp_servers', version: 1 },
  remoteMcpServers: { name: 'remote_mcp_servers', version: 1 },
  mcpServerViews: { name: 'mcp_server_views', version: 1 },
  files: { name: 'files', version: 1 },
  dataSourceTables: { name: 'data_source_tables', version: 3 },
  tableRows: { name: 'data_source_table_rows', version: 2 },
  tableRowPurges: { name: 'data_source_table_row_purges', version: 1 },
  toolApprovals: { name: 'tool_approvals', version: 2 },
  accounts: { name: 'accounts', version: 1 },
  credentials: { name: 'credentials', version: 1 },
  sessions: { name: 'sessions', version: 1 },
  signInLinks: { name: 'sign_in_links', version: 1 },
  userTokens: { name: 'user_tokens', version: 1 },
  invitations: { name: 'invitations', version: 1 },
  triggers: { name: 'triggers', version: 1 },
  triggerWebhookRequests: { name: 'trigger_webhook_requests', version: 1 },
  skills: { name: 'skills', version: 1 },
  skillVersions: { name: 'skill_versions', version: 1 },
  auditEntries: { name: 'audit_entries', version: 1 },
  subscriptions: { name: 'subscriptions', version: 1 },
  subscriptionDeliveries: { name: 'subscription_deliveries', version: 1 },
  consumptionLedger: { name: 'consumption_ledger', version: 1 },
  consumptionBudgets: { name: 'consumption_budgets', version: 1 },
} as const;

export type ReadModelKey = keyof typeof READ_MODELS;

/** Physical collection name of a read model in a projector generation. */
export function physicalCollectionName(model: { readonly name: string; readonly version: number }, generation: number): string {
  return `${model.name}_v${model.version}_g${generation}`;
}
