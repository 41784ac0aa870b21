import type { Projection } from './projection';
import { agentConfigurationVersionProjection } from './agent-configuration/agent-configuration-version.projection';
import { agentConfigurationProjection } from './agent-configuration/agent-configuration.projection';
import { agentFavoriteProjection } from './agent-configuration/agent-favorite.projection';
import { agentFeedbackProjection } from './agent-configuration/agent-feedback.projection';
import { agentUsageProjection } from './agent-configuration/agent-usage.projection';
import { mcpServerProjection } from './mcp-server/mcp-server.projection';
import { mcpServerViewProjection, remoteMcpServerProjection } from './remote-mcp-server/remote-mcp-server.projection';
import { apiKeyProjection } from './workspace/api-key.projection';
import { conversationParticipantProjection } from './conversation/conversation-participant.projection';
import { conversationMessageProjection } from './conversation/conversation-message.projection';
import { conversationProjection } from './conversation/conversation.projection';
import { spaceProjection } from './workspace/space.projection';
import { dataSourceDocumentProjection } from './data-source/data-source-document.projection';
import { dataSourceFolderProjection } from './data-source/data-source-folder.projection';
import { contentNodeProjection } from './data-source/content-node.projection';
import { dataSourceViewProjection } from './data-source/data-source-view.projection';
import { dataSourceProjection } from './data-source/data-source.projection';
import { userProjection } from './workspace/user.projection';
import { workspaceProjection } from './workspace/workspace.projection';
import { fileProjection } from './file/file.projection';
import { dataSourceTableProjection } from './data-source/data-source-table.projection';
import { tableRowProjection } from './data-source/table-row.projection';
import { tableRowPurgeProjection } from './data-source/table-row-purge.projection';
import { toolApprovalProjection } from './tool-approval/tool-approval.projection';
import { triggerProjection, triggerWebhookRequestProjection } from './trigger/trigger.projection';
import { accountProjection } from './user/account.projection';
import { credentialProjection } from './user/credential.projection';
import { sessionProjection } from './user/session.projection';
import { signInLinkProjection } from './user/sign-in-link.projection';
import { userTokenProjection } from './user/user-token.projection';
import { invitationProjection } from './workspace/invitation.projection';
import { skillProjection, skillVersionProjection } from './skill/skill.projection';
import { consumptionLedgerProjection } from './consumption/consumption-ledger.projection';
import { consumptionBudgetProjection } from './consumption/consumption-budget.projection';
import { auditEntryProjection } from './audit/audit-entry.projection';
import { subscriptionDeliveryProjection } from './subscription/subscription-delivery.projection';
import { subscriptionProjection } from './subscription/subscription.projection';

/** Every read model the projector maintains. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  workspaceProjection,
  apiKeyProjection,
  userProjection,
  invitationProjection,
  accountProjection,
  credentialProjection,
  sessionProjection,
  signInLinkProjection,
  userTokenProjection,
  spaceProjection,
  conversationProjection,
  conversationMessageProjection,
  conversationParticipantProjection,
  agentConfigurationProjection,
  agentConfigurationVersionProjection,
  agentFavoriteProjection,
  agentUsageProjection,
  agentFeedbackProjection,
  dataSourceProjection,
  dataSourceViewProjection,
  dataSourceDocumentProjection,
  dataSourceFolderProjection,
  contentNodeProjection,
  mcpServerProjection,
  remoteMcpServerProjection,
  mcpServerViewProjection,
  fileProjection,
  dataSourceTableProjection,
  tableRowProjection,
  tableRowPurgeProjection,
  toolApprovalProjection,
  triggerProjection,
  triggerWebhookRequestProjection,
  skillProjection,
  skillVersionProjection,
  auditEntryProjection,
  subscriptionProjection,
  subscriptionDeliveryProjection,
  consumptionLedgerProjection,
  consumptionBudgetProjection,
] as readonly Projection[];
