import type { RemoteMcpTool } from '@app/contracts/events/remote-mcp-server.events';
import type { RemoteMcpServerDocument } from '@app/contracts/read-models/remote-mcp-server.read-models';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AgentTools,
  RunToolListing,
  RunToolRoutes,
  type ToolCallRequest,
  type ToolCallResult,
  type ToolContext,
  type ToolDefinition,
  type ToolRegistry,
} from '../agent-runner';
import { ConversationToolsAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { LOGGER } from '../common/logger';
import { toolCallResultOf, toolFailure } from '../mcp/client/mcp-tool-output';
import { McpServerViewAccess } from './mcp-server-view-access';
import { callRemoteTool, RemoteMcpError } from './outbound/remote-mcp-connection';
import { RemoteMcpCatalog } from './remote-mcp-catalog';

/** Prefix of the sIds of MCP server views, as agent configurations name them in their actions. */
const VIEW_ID_PREFIX = 'msv_';

/** A tool offered to one run: its server (by workspace) and its name there. */
interface RemoteRoute {
  readonly workspaceId: string;
  readonly serverId: string;
  readonly toolName: string;
}

/**
 * Tools of remote MCP servers, for runs whose agent names views of them in its actions or whose
 * conversation a member added views to, among the views the conversation's member may use. Tools
 * come from the last listing (listed again first when stale); each call opens its own short
 * session. A server that is down, slow, at a forbidden address or answering too much fails that
 * call with a clear error the model reads; the run goes on.
 */
@Injectable()
export class RemoteMcpTools implements ToolRegistry, OnModuleInit {
  private readonly runs = new RunToolRoutes<RemoteRoute>();
  private readonly log: Logger;

  constructor(
    private readonly sources: AgentTools,
    private readonly conversationTools: ConversationToolsAggregateWriter,
    private readonly access: McpServerViewAccess,
    private readonly catalog: RemoteMcpCatalog,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'remote-mcp' });
  }

  onModuleInit(): void {
    this.sources.register(this);
  }

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    const views = await this.access.usable(ctx.workspaceId, ctx.userId, await this.viewIdsOf(ctx));
    const listing = new RunToolListing<RemoteRoute>();
    const seen = new Set<string>();
    for (const { server } of views) {
      if (seen.has(server.sId)) continue;
      seen.add(server.sId);
      for (const tool of await this.freshTools(ctx, server)) {
        listing.add(
          tool,
          { workspaceId: ctx.workspaceId, serverId: server.sId, toolName: tool.name },
          { description: tool.description, serverId: server.sId, serverName: server.name, external: true, readOnly: tool.readOnly },
        );
      }
    }
    this.runs.remember(ctx.agentMessageId, listing.routes);
    return listing.definitions;
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const route = this.runs.route(ctx.agentMessageId, call.name);
    if (!route) return toolFailure('tool_not_found', `No tool named ${call.name}.`);
    try {
      const server = (await this.catalog.state(route.workspaceId)).servers.get(route.serverId);
      if (!server) return toolFailure('mcp_server_not_found', 'The MCP server of this tool was removed.');
      return toolCallResultOf(await callRemoteTool(this.catalog.target(server), this.catalog.settings, route.toolName, call.input, signal));
    } catch (error) {
      if (error instanceof RemoteMcpError) {
        this.log.info({ serverId: route.serverId, tool: route.toolName, code: error.code, messageId: ctx.agentMessageId }, 'remote MCP tool call failed');
        return toolFailure(error.code, error.message);
      }
      return toolFailure('mcp_server_error', error instanceof Error ? error.message : String(error));
    }
  }

  /** Views named by the agent's actions, then views added to the conversation. */
  private async viewIdsOf(ctx: ToolContext): Promise<string[]> {
    const added = await this.conversationTools.read(ctx.conversationId);
    return [...ctx.toolset.filter((id) => id.startsWith(VIEW_ID_PREFIX)), ...added.viewIds];
  }

  /** The server's tools, listed again first when the last listing is older than the configured age (kept when that fails). */
  private async freshTools(ctx: ToolContext, server: RemoteMcpServerDocument): Promise<readonly RemoteMcpTool[]> {
    if (Date.now() - server.syncedAt < this.catalog.settings.toolsStaleAfterMs) return server.tools;
    try {
      const { state } = await this.catalog.sync(ctx.workspaceId, server.sId, 'system');
      return state.servers.get(server.sId)?.tools ?? server.tools;
    } catch (error) {
      this.log.warn({ serverId: server.sId, reason: error instanceof Error ? error.message : String(error) }, 'remote MCP tools could not be listed again; the last listing is used');
      return server.tools;
    }
  }
}
