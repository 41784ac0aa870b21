import type { Type } from '@nestjs/common';
import type {
  AgentActionConfiguration,
  AgentConfigurationFull,
  AgentConfigurationHistoryResponse,
  AgentConfigurationListItem,
  AgentConfigurationResponse,
  AgentEditor,
  AgentFeedbackCounts,
  AgentUsage,
  CreateGenericAgentResponse,
  GetAgentConfigurationsResponse,
} from '../agent-configuration.types';
import type * as Wire from '../conversation.types';
import type * as Responses from '../conversation-responses.types';
import type { HealthResponse, ReadinessResponse } from '../health.types';
import type {
  CreateSpaceResponse,
  DisabledProviderResponse,
  GetSpaceResponse,
  GetWorkspaceExistsResponse,
  SpaceMemberResponse,
  GetWorkspaceFeatureFlagsResponse,
  GetWorkspaceResponse,
  ListSpacesResponse,
  ListWorkspaceModelsResponse,
  SpaceResponse,
  WorkspaceModelResponse,
  WorkspaceResponse,
} from '../workspace.types';
import type * as DataSources from '../data-source.types';
import * as dataSource from './data-source.schema';
import type * as Folders from '../folder.types';
import * as folder from './folder.schema';
import type * as NodeSearch from '../node-search.types';
import * as nodeSearch from './node-search.schema';
import * as agentConfiguration from './agent-configuration.schema';
import * as agentMessage from './agent-message.schema';
import * as compactionMessage from './compaction-message.schema';
import * as contentFragment from './content-fragment.schema';
import * as messageResponse from './message-response.schema';
import * as conversation from './conversation.schema';
import * as conversationResponses from './conversation-responses.schema';
import * as health from './health.schema';
import type { ListClientMcpServersResponse } from '../client-mcp-servers.types';
import type { WaitingActionsResponse } from '../waiting-actions.types';
import type { WorkspaceStatusResponse } from '../workspace-status.types';
import * as clientMcpServers from './client-mcp-servers.schema';
import * as waitingActions from './waiting-actions.schema';
import * as workspaceStatus from './workspace-status.schema';
import * as lightAgent from './light-agent-configuration.schema';
import * as user from './user.schema';
import * as userMessage from './user-message.schema';
import * as workspace from './workspace.schema';
import type { HeartbeatMcpServerResponse, RegisterMcpServerResponse } from '../mcp.types';
import * as mcp from './mcp.schema';
import * as file from './file.schema';
import type { FileEnvelope, FileResponse } from '../file.types';
import type * as Auth from '../auth.types';
import type * as Members from '../member.types';
import type { SignInProvidersResponse } from '../single-sign-on.types';
import * as people from './people.schema';
import * as member from './member.schema';
import type * as ApiKeys from '../api-key.types';
import * as apiKey from './api-key.schema';
import * as mention from './mention.schema';
import type * as Mentions from '../mention-suggestions.types';
import type * as Projects from '../project.types';
import * as project from './project.schema';
import type { PendingAgentConfigurationResponse } from '../pending-agent.types';
import * as pendingAgent from './pending-agent.schema';
import type * as ProjectFiles from '../project-files.types';
import * as projectFiles from './project-files.schema';
import type * as DailyUsage from '../agent-daily-usage.types';
import * as agentDailyUsage from './agent-daily-usage.schema';
import type * as Subscriptions from '../subscription.types';
import * as subscription from './subscription.schema';
import type * as Audit from '../audit.types';
import * as audit from './audit.schema';

/** Keys of the wire type the schema class does not declare, optional ones included. */
type Undocumented<Schema, WireType> = Exclude<keyof WireType, keyof Schema>;

/**
 * `implements` already fails when a schema class lacks a required field of its wire type; this
 * fails on a missing optional one too: the call then wants an extra argument naming what is missing.
 */
function documents<WireType>() {
  return <Schema>(schema: Type<Schema>, ..._missing: [Undocumented<Schema, WireType>] extends [never] ? [] : [missing: Undocumented<Schema, WireType>]) => schema;
}

const COVERED: Type<unknown>[] = [
  documents<WorkspaceResponse>()(workspace.WorkspaceSchema),
  documents<SpaceResponse>()(workspace.SpaceSchema),
  documents<GetWorkspaceResponse>()(workspace.GetWorkspaceResponseSchema),
  documents<ListSpacesResponse>()(workspace.ListSpacesResponseSchema),
  documents<GetSpaceResponse>()(workspace.GetSpaceResponseSchema),
  documents<GetSpaceResponse['space']>()(workspace.SpaceWithMembersSchema),
  documents<SpaceMemberResponse>()(workspace.SpaceMemberSchema),
  documents<WorkspaceModelResponse>()(workspace.WorkspaceModelSchema),
  documents<DisabledProviderResponse>()(workspace.DisabledProviderSchema),
  documents<ListWorkspaceModelsResponse>()(workspace.ListWorkspaceModelsResponseSchema),
  documents<GetWorkspaceFeatureFlagsResponse>()(workspace.GetWorkspaceFeatureFlagsResponseSchema),
  documents<GetWorkspaceExistsResponse>()(workspace.GetWorkspaceExistsResponseSchema),
  documents<HealthResponse>()(health.HealthSchema),
  documents<ReadinessResponse>()(health.ReadinessSchema),
  documents<Wire.UserWire>()(user.UserSchema),
  documents<Wire.AgentMention>()(userMessage.AgentMentionSchema),
  documents<Wire.UserMention>()(userMessage.UserMentionSchema),
  documents<Wire.RichMention>()(userMessage.RichMentionSchema),
  documents<Wire.ReactionUser>()(userMessage.ReactionUserSchema),
  documents<Wire.Reaction>()(userMessage.ReactionSchema),
  documents<Wire.UserMessageContext>()(userMessage.UserMessageContextSchema),
  documents<Wire.AgenticMessageData>()(userMessage.AgenticMessageDataSchema),
  documents<Wire.UserMessage>()(userMessage.UserMessageSchema),
  documents<Wire.ContentFragmentContext>()(contentFragment.ContentFragmentContextSchema),
  documents<Wire.FileContentFragment>()(contentFragment.FileContentFragmentSchema),
  documents<Wire.ContentNodeData>()(contentFragment.ContentNodeDataSchema),
  documents<Wire.ContentNodeContentFragment>()(contentFragment.ContentNodeContentFragmentSchema),
  documents<Wire.ExpiredContentNodeContentFragment>()(contentFragment.ExpiredContentNodeContentFragmentSchema),
  documents<Wire.AgentModelConfiguration>()(lightAgent.AgentModelConfigurationSchema),
  documents<Wire.LightAgentConfiguration['tags'][number]>()(lightAgent.AgentTagSchema),
  documents<Wire.LightAgentConfiguration>()(lightAgent.LightAgentConfigurationSchema),
  documents<Wire.AgentMessageError>()(agentMessage.AgentMessageErrorSchema),
  documents<Wire.AgentAction>()(agentMessage.AgentActionSchema),
  documents<Wire.AgentStepContent>()(agentMessage.AgentStepContentSchema),
  documents<Wire.AgentRawContent>()(agentMessage.AgentRawContentSchema),
  documents<Wire.ResolvedModel>()(agentMessage.ResolvedModelSchema),
  documents<Wire.AgentMessage>()(agentMessage.AgentMessageSchema),
  documents<Omit<AgentUsage, 'timePeriodSec'>>()(agentConfiguration.AgentUsageCountsSchema),
  documents<AgentUsage>()(agentConfiguration.AgentUsageSchema),
  documents<DailyUsage.AgentDailyUsage>()(agentDailyUsage.AgentDailyUsageSchema),
  documents<DailyUsage.AgentDailyUsageResponse>()(agentDailyUsage.AgentDailyUsageResponseSchema),
  documents<AgentFeedbackCounts>()(agentConfiguration.AgentFeedbackCountsSchema),
  documents<AgentEditor>()(agentConfiguration.AgentEditorSchema),
  documents<AgentConfigurationListItem>()(agentConfiguration.AgentConfigurationListItemSchema),
  documents<AgentActionConfiguration>()(agentConfiguration.AgentActionConfigurationSchema),
  documents<AgentConfigurationFull>()(agentConfiguration.AgentConfigurationFullSchema),
  documents<GetAgentConfigurationsResponse>()(agentConfiguration.GetAgentConfigurationsResponseSchema),
  documents<AgentConfigurationResponse>()(agentConfiguration.AgentConfigurationResponseSchema),
  documents<AgentConfigurationHistoryResponse>()(agentConfiguration.AgentConfigurationHistoryResponseSchema),
  documents<CreateGenericAgentResponse>()(agentConfiguration.CreateGenericAgentResponseSchema),
  documents<Wire.WorkspaceWire>()(conversation.ConversationOwnerSchema),
  documents<Wire.ForkUser>()(conversation.ForkUserSchema),
  documents<Wire.ForkedFrom>()(conversation.ForkedFromSchema),
  documents<Wire.ForkedChild>()(conversation.ForkedChildSchema),
  documents<Wire.ForkingData>()(conversation.ForkingDataSchema),
  documents<Wire.ConversationListItem>()(conversation.ConversationListItemSchema),
  documents<Wire.Conversation>()(conversation.ConversationSchema),
  documents<Responses.SuccessResponse>()(conversationResponses.SuccessSchema),
  documents<Responses.CreateConversationResponse>()(conversationResponses.CreateConversationResponseSchema),
  documents<Responses.GetConversationResponse>()(conversationResponses.GetConversationResponseSchema),
  documents<Responses.ListConversationsResponse>()(conversationResponses.ListConversationsResponseSchema),
  documents<Responses.PostMessageResponse>()(conversationResponses.PostMessageResponseSchema),
  documents<Responses.RetryMessageResponse>()(conversationResponses.RetryMessageResponseSchema),
  documents<Wire.AgentMessageFeedbackWire>()(conversationResponses.AgentMessageFeedbackSchema),
  documents<Responses.ListFeedbacksResponse>()(conversationResponses.ListFeedbacksResponseSchema),
  documents<CreateSpaceResponse>()(workspace.CreateSpaceResponseSchema),
  documents<DataSources.DataSourceResponse>()(dataSource.DataSourceSchema),
  documents<DataSources.DataSourceViewResponse>()(dataSource.DataSourceViewSchema),
  documents<DataSources.DocumentChunkResponse>()(dataSource.DocumentChunkSchema),
  documents<DataSources.CoreApiDocumentResponse>()(dataSource.CoreApiDocumentSchema),
  documents<DataSources.LightDocumentResponse>()(dataSource.LightDocumentSchema),
  documents<DataSources.CreateDataSourceResponse>()(dataSource.CreateDataSourceResponseSchema),
  documents<DataSources.ListDataSourcesResponse>()(dataSource.ListDataSourcesResponseSchema),
  documents<DataSources.ListDataSourceViewsResponse>()(dataSource.ListDataSourceViewsResponseSchema),
  documents<DataSources.DataSourceViewEnvelope>()(dataSource.DataSourceViewEnvelopeSchema),
  documents<DataSources.DocumentIdResponse['document']>()(dataSource.DocumentIdSchema),
  documents<DataSources.DocumentIdResponse>()(dataSource.DocumentIdResponseSchema),
  documents<DataSources.UpsertDocumentResponse>()(dataSource.UpsertDocumentResponseSchema),
  documents<DataSources.GetDocumentResponse>()(dataSource.GetDocumentResponseSchema),
  documents<DataSources.ListDocumentsResponse>()(dataSource.ListDocumentsResponseSchema),
  documents<DataSources.DocumentBlobResponse['blob']>()(dataSource.DocumentBlobSchema),
  documents<DataSources.DocumentBlobResponse>()(dataSource.DocumentBlobResponseSchema),
  documents<DataSources.UpdatedResponse>()(dataSource.UpdatedResponseSchema),
  documents<DataSources.TokenizeResponse>()(dataSource.TokenizeResponseSchema),
  documents<Folders.CoreApiFolderResponse>()(folder.CoreApiFolderSchema),
  documents<Folders.UpsertFolderResponse>()(folder.UpsertFolderResponseSchema),
  documents<Folders.DeleteFolderResponse['folder']>()(folder.FolderIdSchema),
  documents<Folders.DeleteFolderResponse>()(folder.DeleteFolderResponseSchema),
  documents<NodeSearch.SearchDataSourceViewsResponse>()(nodeSearch.SearchDataSourceViewsResponseSchema),
  documents<NodeSearch.ContentNodeResponse>()(nodeSearch.ContentNodeSchema),
  documents<NodeSearch.SearchNodesResponse>()(nodeSearch.SearchNodesResponseSchema),
  documents<RegisterMcpServerResponse>()(mcp.RegisterMcpServerResponseSchema),
  documents<HeartbeatMcpServerResponse>()(mcp.HeartbeatMcpServerResponseSchema),
  documents<Responses.PostContentFragmentResponse>()(conversationResponses.PostContentFragmentResponseSchema),
  documents<NonNullable<FileResponse['useCaseMetadata']>>()(file.FileUseCaseMetadataSchema),
  documents<FileResponse>()(file.FileSchema),
  documents<FileEnvelope>()(file.FileEnvelopeSchema),
  documents<Responses.ForkConversationResponse>()(conversationResponses.ForkConversationResponseSchema),
  documents<Wire.CompactionMessage>()(compactionMessage.CompactionMessageSchema),
  documents<Responses.CompactConversationResponse>()(compactionMessage.CompactConversationResponseSchema),
  documents<Responses.GetMessageResponse>()(messageResponse.GetMessageResponseSchema),
  documents<Auth.AccountUser>()(user.UserSchema),
  documents<Auth.AccountWorkspace>()(people.AccountWorkspaceSchema),
  documents<Auth.SessionResponse>()(people.SessionSchema),
  documents<Auth.SessionSummary>()(people.SessionSummarySchema),
  documents<Auth.ListSessionsResponse>()(people.ListSessionsResponseSchema),
  documents<Auth.UserTokenSummary>()(people.UserTokenSummarySchema),
  documents<Auth.ListUserTokensResponse>()(people.ListUserTokensResponseSchema),
  documents<Auth.CreateUserTokenResponse>()(people.CreateUserTokenResponseSchema),
  documents<Auth.MeUser>()(people.MeUserSchema),
  documents<Auth.MeResponse>()(people.MeResponseSchema),
  documents<SignInProvidersResponse>()(people.SignInProvidersSchema),
  documents<NonNullable<SignInProvidersResponse['oidc']>>()(people.OidcProviderSchema),
  documents<Members.MemberSummary>()(member.MemberSchema),
  documents<Members.ListMembersResponse>()(member.ListMembersResponseSchema),
  documents<Members.MemberResponse>()(member.MemberResponseSchema),
  documents<Members.InvitationSummary>()(member.InvitationSchema),
  documents<Members.ListInvitationsResponse>()(member.ListInvitationsResponseSchema),
  documents<Members.CreateInvitationResponse>()(member.CreateInvitationResponseSchema),
  documents<Members.AcceptInvitationResponse>()(member.AcceptInvitationResponseSchema),
  documents<Members.MemberEmailsResponse>()(member.MemberEmailsResponseSchema),
  documents<Members.VerifiedDomain>()(member.VerifiedDomainSchema),
  documents<Members.VerifiedDomainsResponse>()(member.VerifiedDomainsResponseSchema),
  documents<ApiKeys.ApiKeySummary>()(apiKey.ApiKeySchema),
  documents<ApiKeys.ListApiKeysResponse>()(apiKey.ListApiKeysResponseSchema),
  documents<ApiKeys.CreateApiKeyResponse>()(apiKey.CreateApiKeyResponseSchema),
  documents<Mentions.MentionSuggestion>()(mention.MentionSuggestionSchema),
  documents<Mentions.GetMentionSuggestionsResponse>()(mention.GetMentionSuggestionsResponseSchema),
  documents<Mentions.ParseMentionsResponse>()(mention.ParseMentionsResponseSchema),
  documents<Projects.ProjectMetadataResponse>()(project.ProjectMetadataSchema),
  documents<Projects.GetProjectMetadataResponse>()(project.GetProjectMetadataResponseSchema),
  documents<Projects.PatchProjectMetadataResponse>()(project.PatchProjectMetadataResponseSchema),
  documents<Projects.GetSpaceConversationIdsResponse>()(project.GetSpaceConversationIdsResponseSchema),
  documents<Projects.SyncedUser>()(project.SyncedUserSchema),
  documents<Projects.SyncedContentFragment>()(project.SyncedContentFragmentSchema),
  documents<Projects.SyncedUserMessage>()(project.SyncedUserMessageSchema),
  documents<Projects.SyncedAgent>()(project.SyncedAgentSchema),
  documents<Projects.SyncedAgentMessage>()(project.SyncedAgentMessageSchema),
  documents<Projects.SyncedConversation>()(project.SyncedConversationSchema),
  documents<Projects.GetSpaceConversationsResponse>()(project.GetSpaceConversationsResponseSchema),
  documents<PendingAgentConfigurationResponse>()(pendingAgent.PendingAgentConfigurationResponseSchema),
  documents<ProjectFiles.ProjectDirectoryEntry>()(projectFiles.ProjectDirectoryEntrySchema),
  documents<ProjectFiles.ProjectFileEntry>()(projectFiles.ProjectFileEntrySchema),
  documents<ProjectFiles.GetProjectFilesResponse>()(projectFiles.GetProjectFilesResponseSchema),
  documents<WorkspaceStatusResponse>()(workspaceStatus.WorkspaceStatusSchema),
  documents<ListClientMcpServersResponse>()(clientMcpServers.ListClientMcpServersResponseSchema),
  documents<WaitingActionsResponse>()(waitingActions.WaitingActionsResponseSchema),
  documents<Subscriptions.Subscription>()(subscription.SubscriptionSchema),
  documents<Subscriptions.SubscriptionEnvelope>()(subscription.SubscriptionEnvelopeSchema),
  documents<Subscriptions.CreatedSubscriptionEnvelope>()(subscription.CreatedSubscriptionEnvelopeSchema),
  documents<Subscriptions.ListSubscriptionsResponse>()(subscription.ListSubscriptionsResponseSchema),
  documents<Subscriptions.SubscriptionDelivery>()(subscription.SubscriptionDeliverySchema),
  documents<Subscriptions.ListSubscriptionDeliveriesResponse>()(subscription.ListSubscriptionDeliveriesResponseSchema),
  documents<Subscriptions.ReplaySubscriptionResponse>()(subscription.ReplaySubscriptionResponseSchema),
  documents<Audit.AuditEntry>()(audit.AuditEntrySchema),
  documents<Audit.ListAuditEntriesResponse>()(audit.ListAuditEntriesResponseSchema),
];

describe('response schema classes', () => {
  it('are each checked above against every field of their wire type', () => {
    const modules = [agentConfiguration, agentMessage, compactionMessage, contentFragment, messageResponse, conversation, conversationResponses, health, lightAgent, user, userMessage, workspace, dataSource, folder, nodeSearch, mcp, file, people, member, mention, apiKey, project, pendingAgent, projectFiles, workspaceStatus, clientMcpServers, waitingActions, agentDailyUsage, subscription, audit];
    const classes = modules.flatMap((module) => Object.values(module).filter((value): value is Type<unknown> => typeof value === 'function'));
    expect(classes.length).toBeGreaterThan(40);
    expect(classes.filter((schema) => !COVERED.includes(schema)).map((schema) => schema.name)).toEqual([]);
  });
});
