import { Module } from '@nestjs/common';
import { AgentRunnerModule } from '../agent-runner';
import { ClientSideMcpTools } from './client/client-side-mcp-tools';
import { McpChannel } from './client/mcp-channel';
import { McpResponses } from './client/mcp-responses';
import { DeregisterMcpServerHandler } from './commands/deregister-mcp-server.command';
import { HeartbeatMcpServerHandler } from './commands/heartbeat-mcp-server.command';
import { PostMcpResultHandler } from './commands/post-mcp-result.command';
import { RegisterMcpServerHandler } from './commands/register-mcp-server.command';
import { McpController } from './mcp.controller';
import { McpServers } from './mcp-servers';
import { ListClientMcpServersHandler } from './queries/list-client-mcp-servers.query';
import { McpRequestStreamHandler } from './queries/mcp-request-stream.query';

/**
 * Client-side MCP servers: registration, the requests stream and results (HTTP), and the tool
 * source through which agent runs call them.
 */
@Module({
  imports: [AgentRunnerModule],
  controllers: [McpController],
  providers: [
    McpServers,
    RegisterMcpServerHandler,
    HeartbeatMcpServerHandler,
    DeregisterMcpServerHandler,
    PostMcpResultHandler,
    McpRequestStreamHandler,
    ListClientMcpServersHandler,
    McpResponses,
    McpChannel,
    ClientSideMcpTools,
  ],
})
export class McpModule {}
