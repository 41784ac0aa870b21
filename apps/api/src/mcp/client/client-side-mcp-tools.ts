import { isLive } from '@app/domain/mcp-server/mcp-server.state';
import { DomainError } from '@app/domain/shared/domain-error';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AgentToolCallWait } from '@app/contracts/events/agent-run.events';
import {
  AgentTools,
  RunToolListing,
  RunToolRoutes,
  ToolWaits,
  type ToolCallRequest,
  type ToolCallResult,
  type ToolContext,
  type ToolDefinition,
  type ToolRegistry,
} from '../../agent-runner';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { LOGGER } from '../../common/logger';
import { McpServers, type McpServerRef } from '../mcp-servers';
import { McpAbortedError, McpChannel, McpRequestNotSentError, McpTimeoutError } from './mcp-channel';
import { callToolResultOf, McpClientSession } from './mcp-client-session';
import { toolCallResultOf, toolFailure } from './mcp-tool-output';

/** A tool as offered to one run: the session that reaches its server, and its name there. */
interface RoutedTool {
  readonly session: McpClientSession;
  readonly toolName: string;
}

/**
 * Tools of the client-side MCP servers a user message names (`context.clientSideMCPServerIds`):
 * for each live server of the message's author, the run performs the MCP handshake and lists its
 * tools over the server's stream, then sends `tools/call` for each call the model makes. A server
 * that is gone or does not answer in time leaves its tools out (listing) or fails the call with a
 * clear error (calling); the run goes on either way.
 */
@Injectable()
export class ClientSideMcpTools implements ToolRegistry, OnModuleInit {
  private readonly runs = new RunToolRoutes<RoutedTool>();
  private readonly log: Logger;

  constructor(
    private readonly sources: AgentTools,
    private readonly servers: McpServers,
    private readonly channel: McpChannel,
    private readonly waits: ToolWaits,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'client-side-mcp' });
  }

  onModuleInit(): void {
    this.sources.register(this);
    this.waits.registerResumer('mcp_result', (wait, since, signal) => this.resumeCall(wait, since, signal));
  }

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    const serverIds = [...new Set(ctx.clientSideMCPServerIds ?? [])];
    if (serverIds.length === 0 || ctx.userId === null) return [];
    const userId = ctx.userId;
    const signal = AbortSignal.timeout(this.config.mcp.callTimeoutMs * 3);
    const listed = await Promise.all(serverIds.map((serverId) => this.toolsOf({ workspaceId: ctx.workspaceId, userId, serverId }, ctx, signal)));
    const listing = new RunToolListing<RoutedTool>();
    for (const entry of listed) {
      if (!entry) continue;
      for (const tool of entry.tools) {
        listing.add(
          tool,
          { session: entry.session, toolName: tool.name },
          {
            description: tool.description ?? tool.title ?? tool.name,
            serverId: entry.session.target.serverId,
            serverName: entry.serverName,
            // The same stakes as a remote server's tools: low when the server marks it read-only, high otherwise.
            external: true,
            readOnly: tool.annotations?.readOnlyHint === true,
          },
        );
      }
    }
    this.runs.remember(ctx.agentMessageId, listing.routes);
    return listing.definitions;
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const route = this.runs.route(ctx.agentMessageId, call.name);
    if (!route) return toolFailure('tool_not_found', `No tool named ${call.name}.`);
    const { target } = route.session;
    // The run records the wait before the request goes out: a runner taking the run over after a
    // restart waits for this very response (the server may answer the moment it sees the request)
    // instead of calling the tool again or leaving the answer unread.
    const waiting = (requestId: string) => this.waits.started(ctx.agentMessageId, call, { kind: 'mcp_result', ...target, requestId });
    try {
      return toolCallResultOf(await route.session.callTool(route.toolName, call.input, signal, waiting));
    } catch (error) {
      return callFailure(error);
    }
  }

  /** The result of a `tools/call` sent by a run that stopped since: what is left of the call timeout counts from `since`. */
  private async resumeCall(wait: AgentToolCallWait, since: number, signal: AbortSignal): Promise<ToolCallResult> {
    if (wait.kind !== 'mcp_result') return toolFailure('tool_not_found', 'Not a client-side MCP server call.');
    const target = { workspaceId: wait.workspaceId, userId: wait.userId, serverId: wait.serverId };
    const timeoutMs = Math.max(0, this.config.mcp.callTimeoutMs - (Date.now() - since));
    try {
      return toolCallResultOf(callToolResultOf(await this.channel.awaitResponse(target, wait.requestId, 'tools/call', { timeoutMs, signal })));
    } catch (error) {
      return callFailure(error);
    }
  }

  private async toolsOf(target: McpServerRef, ctx: ToolContext, signal: AbortSignal): Promise<{ session: McpClientSession; serverName: string; tools: Tool[] } | null> {
    try {
      const state = await this.servers.state(target);
      if (!isLive(state, Date.now())) {
        this.log.info({ serverId: target.serverId, messageId: ctx.agentMessageId }, 'client-side MCP server not live; its tools are left out');
        return null;
      }
      const session = new McpClientSession(this.channel, target, { conversationId: ctx.conversationId, messageId: ctx.agentMessageId }, this.config.mcp.callTimeoutMs);
      await session.initialize(signal);
      return { session, serverName: state.serverName, tools: await session.listTools(signal) };
    } catch (error) {
      this.log.warn({ err: error, serverId: target.serverId, messageId: ctx.agentMessageId }, 'client-side MCP server handshake failed; its tools are left out');
      return null;
    }
  }
}

function callFailure(error: unknown): ToolCallResult {
  if (error instanceof McpTimeoutError) return toolFailure('mcp_server_timeout', error.message);
  if (error instanceof McpAbortedError) return toolFailure('mcp_request_cancelled', error.message);
  if (error instanceof McpRequestNotSentError) return toolFailure('tool_execution_interrupted', error.message);
  if (error instanceof DomainError) return toolFailure(error.type, error.message);
  return toolFailure('mcp_server_error', error instanceof Error ? error.message : String(error));
}
