import { agentConfigurationAggregate } from '@app/domain/agent-configuration/agent-configuration.decider';
import { agentFavoritesAggregate } from '@app/domain/agent-configuration/agent-favorites.decider';
import { conversationToolsAggregate } from '@app/domain/conversation-tools/conversation-tools.decider';
import { conversationAggregate } from '@app/domain/conversation/conversation.decider';
import { dataSourceCatalogAggregate } from '@app/domain/data-source/data-source.decider';
import { documentAggregate } from '@app/domain/data-source/document.decider';
import { folderAggregate } from '@app/domain/data-source/folder.decider';
import { tableAggregate } from '@app/domain/data-source/table.decider';
import { fileAggregate } from '@app/domain/file/file.decider';
import { mcpServerAggregate } from '@app/domain/mcp-server/mcp-server.decider';
import { conversationSkillsAggregate } from '@app/domain/skill/conversation-skills.decider';
import { skillAggregate } from '@app/domain/skill/skill.decider';
import { subscriptionAggregate } from '@app/domain/subscription/subscription.decider';
import { remoteMcpCatalogAggregate } from '@app/domain/remote-mcp-server/remote-mcp-server.decider';
import type { Aggregate, DomainEvent } from '@app/domain/shared/decider';
import { toolApprovalAggregate } from '@app/domain/tool-approval/tool-approval.decider';
import { triggerAggregate } from '@app/domain/trigger/trigger.decider';
import { userEmailAggregate } from '@app/domain/user/user-email.decider';
import { userAggregate } from '@app/domain/user/user.decider';
import { workspaceAggregate } from '@app/domain/workspace/workspace.decider';
import { Injectable } from '@nestjs/common';
import { AggregateWriter } from './aggregate-writer';
import { DeciderExecutor } from './decider-executor';

/** An injectable writer of one aggregate: Nest builds it from the one DeciderExecutor. */
function writerOf<Command extends { readonly now: number }, Event extends DomainEvent, State>(
  aggregate: Aggregate<Command, Event, State> | ((id: string) => Aggregate<Command, Event, State>),
) {
  @Injectable()
  class Writer extends AggregateWriter<Command, Event, State> {
    constructor(executor: DeciderExecutor) {
      super(executor, aggregate);
    }
  }
  return Writer;
}

// The write door of each aggregate, by the id its stream is named from. Each is a provider of
// AggregateWritersModule (global), so any feature, the agent runner too, injects the ones it writes.

/** A conversation, by sId: messages, fragments, forks, compactions, run outcomes. */
export class ConversationAggregateWriter extends writerOf(conversationAggregate) {}

/** The tools added to a conversation, by conversation sId. */
export class ConversationToolsAggregateWriter extends writerOf(conversationToolsAggregate) {}

/** The approvals asked for by one agent message, by message sId. */
export class ToolApprovalAggregateWriter extends writerOf(toolApprovalAggregate) {}

/** A file, by sId. */
export class FileAggregateWriter extends writerOf(fileAggregate) {}

/** A workspace, by sId: its settings, spaces, members and API keys. */
export class WorkspaceAggregateWriter extends writerOf(workspaceAggregate) {}

/** The data sources and views of a workspace, by workspace sId. */
export class DataSourceCatalogAggregateWriter extends writerOf(dataSourceCatalogAggregate) {}

/** A document of a data source, by `documentAggregateId(dataSourceId, documentId)`. */
export class DocumentAggregateWriter extends writerOf(documentAggregate) {}

/** A folder of a data source, by `folderAggregateId(dataSourceId, folderId)`. */
export class FolderAggregateWriter extends writerOf(folderAggregate) {}

/** A table of a data source, by `tableAggregateId(dataSourceId, tableId)`. */
export class TableAggregateWriter extends writerOf(tableAggregate) {}

/** An agent configuration, by sId. */
export class AgentConfigurationAggregateWriter extends writerOf(agentConfigurationAggregate) {}

/** A member's favorite agents, by user sId. */
export class AgentFavoritesAggregateWriter extends writerOf(agentFavoritesAggregate) {}

/** A client-side MCP server of one user, by `mcpServerKey(workspaceId, userId, serverId)`. */
export class McpServerAggregateWriter extends writerOf(mcpServerAggregate) {}

/** The remote MCP servers and their views of a workspace, by workspace sId. */
export class RemoteMcpCatalogAggregateWriter extends writerOf(remoteMcpCatalogAggregate) {}

/** A skill, by sId: its versions, archive and restore. */
export class SkillAggregateWriter extends writerOf(skillAggregate) {}

/** The skills enabled in a conversation, by conversation sId. */
export class ConversationSkillsAggregateWriter extends writerOf(conversationSkillsAggregate) {}

/** A trigger of an agent, by trigger sId: its settings, deliveries, claimed instants and firings. */
export class TriggerAggregateWriter extends writerOf(triggerAggregate) {}

/** One person's account, by user sId: password, profile, sessions, sign-in links, tokens. */
export class UserAggregateWriter extends writerOf(userAggregate) {}

/** The claim of an email address, by the SHA-256 (hex) of the lower-cased address. */
export class UserEmailAggregateWriter extends writerOf(userEmailAggregate) {}

/** An event subscription of a workspace, by subscription sId. */
export class SubscriptionAggregateWriter extends writerOf(subscriptionAggregate) {}

/** Every aggregate writer, for the module that provides them. */
export const AGGREGATE_WRITERS = [
  ConversationAggregateWriter,
  ConversationToolsAggregateWriter,
  ToolApprovalAggregateWriter,
  FileAggregateWriter,
  WorkspaceAggregateWriter,
  DataSourceCatalogAggregateWriter,
  DocumentAggregateWriter,
  FolderAggregateWriter,
  TableAggregateWriter,
  AgentConfigurationAggregateWriter,
  AgentFavoritesAggregateWriter,
  McpServerAggregateWriter,
  RemoteMcpCatalogAggregateWriter,
  TriggerAggregateWriter,
  SkillAggregateWriter,
  ConversationSkillsAggregateWriter,
  UserAggregateWriter,
  UserEmailAggregateWriter,
  SubscriptionAggregateWriter,
];
