import { Module } from '@nestjs/common';
import { AgentRunnerModule } from '../agent-runner';
import { ConversationsModule } from '../conversations/conversations.module';
import { DataSourcesModule } from '../data-sources/data-sources.module';
import { ChangeConversationToolsHandler } from './commands/change-conversation-tools.command';
import { CreateMcpServerViewHandler } from './commands/create-mcp-server-view.command';
import { DeleteMcpServerViewHandler } from './commands/delete-mcp-server-view.command';
import { DeleteRemoteMcpServerHandler } from './commands/delete-remote-mcp-server.command';
import { RegisterRemoteMcpServerHandler } from './commands/register-remote-mcp-server.command';
import { SyncRemoteMcpServerHandler } from './commands/sync-remote-mcp-server.command';
import { ConversationToolsController } from './conversation-tools.controller';
import { McpServerViewAccess } from './mcp-server-view-access';
import { ListMcpServerViewsHandler } from './queries/list-mcp-server-views.query';
import { ListRemoteMcpServersHandler } from './queries/list-remote-mcp-servers.query';
import { RemoteMcpCatalog } from './remote-mcp-catalog';
import { RemoteMcpServerReader } from './remote-mcp-server-reader';
import { RemoteMcpServersController } from './remote-mcp-servers.controller';
import { RemoteMcpTools } from './remote-mcp-tools';

/**
 * Remote MCP servers (registered by admins, reached over streamable HTTP), the views that put them
 * in spaces, the views members add to a conversation, and the tool source through which agent runs
 * call them.
 */
@Module({
  imports: [AgentRunnerModule, ConversationsModule, DataSourcesModule],
  controllers: [RemoteMcpServersController, ConversationToolsController],
  providers: [
    RemoteMcpCatalog,
    RemoteMcpServerReader,
    McpServerViewAccess,
    RegisterRemoteMcpServerHandler,
    SyncRemoteMcpServerHandler,
    DeleteRemoteMcpServerHandler,
    CreateMcpServerViewHandler,
    DeleteMcpServerViewHandler,
    ChangeConversationToolsHandler,
    ListRemoteMcpServersHandler,
    ListMcpServerViewsHandler,
    RemoteMcpTools,
  ],
})
export class RemoteMcpModule {}
