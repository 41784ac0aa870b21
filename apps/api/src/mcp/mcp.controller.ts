import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { McpServerIdDto, PostMcpResultsDto, RegisterMcpServerDto } from '@app/contracts/http/mcp.dto';
import type { ListClientMcpServersResponse } from '@app/contracts/http/client-mcp-servers.types';
import type { HeartbeatMcpServerResponse, RegisterMcpServerResponse } from '@app/contracts/http/mcp.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { ListClientMcpServersResponseSchema } from '@app/contracts/http/openapi/client-mcp-servers.schema';
import { HeartbeatMcpServerResponseSchema, RegisterMcpServerResponseSchema } from '@app/contracts/http/openapi/mcp.schema';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiEventStream, ApiSuccess } from '../common/openapi/api-operation.decorators';
import { rawLastEventId, serveSse } from '../common/sse/sse-stream';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { Metrics } from '../metrics/metrics';
import { DeregisterMcpServerCommand } from './commands/deregister-mcp-server.command';
import { HeartbeatMcpServerCommand } from './commands/heartbeat-mcp-server.command';
import { PostMcpResultCommand } from './commands/post-mcp-result.command';
import { RegisterMcpServerCommand } from './commands/register-mcp-server.command';
import { ListClientMcpServersQuery } from './queries/list-client-mcp-servers.query';
import { McpRequestStreamQuery, type McpRequestStream } from './queries/mcp-request-stream.query';

const paths = (action: string): string[] => [`api/v1/w/:wId/mcp/${action}`, `api/w/:wId/mcp/${action}`];

/**
 * Client-side MCP servers (both families): a server registers for the key's user, listens to the
 * requests stream, and posts each response back; agents in that user's conversations call its tools.
 */
@Controller()
export class McpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly metrics: Metrics,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post(paths('register'))
  @HttpCode(200)
  @ApiSuccess('Register a client-side MCP server', RegisterMcpServerResponseSchema)
  register(@Auth() auth: AuthContext, @Body() body: RegisterMcpServerDto): Promise<RegisterMcpServerResponse> {
    return this.commandBus.execute(new RegisterMcpServerCommand(auth, body.serverName));
  }

  @Post(paths('heartbeat'))
  @HttpCode(200)
  @ApiSuccess("Renew a client-side MCP server's registration", HeartbeatMcpServerResponseSchema)
  heartbeat(@Auth() auth: AuthContext, @Body() body: McpServerIdDto): Promise<HeartbeatMcpServerResponse> {
    return this.commandBus.execute(new HeartbeatMcpServerCommand(auth, body.serverId));
  }

  @Post(paths('deregister'))
  @HttpCode(200)
  @ApiSuccess('Deregister a client-side MCP server', SuccessSchema)
  deregister(@Auth() auth: AuthContext, @Body() body: McpServerIdDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new DeregisterMcpServerCommand(auth, body.serverId));
  }

  @Get('api/w/:wId/mcp/client_servers')
  @ApiSuccess("List the caller's client-side MCP servers connected now (private family)", ListClientMcpServersResponseSchema)
  clientServers(@Auth() auth: AuthContext): Promise<ListClientMcpServersResponse> {
    return this.queryBus.execute(new ListClientMcpServersQuery(auth));
  }

  @Post(paths('results'))
  @HttpCode(200)
  @ApiSuccess("Post a client-side MCP server's response to a request", SuccessSchema)
  results(@Auth() auth: AuthContext, @Body() body: PostMcpResultsDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new PostMcpResultCommand(auth, body.serverId, body.result));
  }

  @Get(paths('requests'))
  @ApiEventStream({
    summary: 'Stream the requests for a client-side MCP server',
    payloadTypes: ['JSON-RPC 2.0 request or notification (`initialize`, `notifications/initialized`, `tools/list`, `tools/call`)'],
    ends: 'The server closes the stream after 5 minutes without a request; requests already answered are never replayed.',
  })
  async requests(@Auth() auth: AuthContext, @Query('serverId') serverId: unknown, @Req() request: ExpressRequest, @Res() response: ExpressResponse): Promise<void> {
    const stream: McpRequestStream = await this.queryBus.execute(
      new McpRequestStreamQuery(auth, typeof serverId === 'string' ? serverId : undefined, rawLastEventId(request)),
    );
    await serveSse(request, response, stream.subscription, stream.toFrames, {
      keepaliveMs: this.config.mcp.keepaliveMs,
      idleTimeoutMs: this.config.mcp.requestsIdleTimeoutMs,
      doneOnClose: true,
      openStreams: this.metrics.sseConnections.labels({ stream: 'mcp_requests' }),
    });
  }
}
