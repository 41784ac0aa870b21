import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import {
  ListMcpServerViewsResponseSchema,
  ListRemoteMcpServersResponseSchema,
  McpServerViewEnvelopeSchema,
  RemoteMcpServerEnvelopeSchema,
} from '@app/contracts/http/openapi/remote-mcp-server.schema';
import { CreateMcpServerViewDto, RegisterRemoteMcpServerDto } from '@app/contracts/http/remote-mcp-server.dto';
import type {
  ListMcpServerViewsResponse,
  ListRemoteMcpServersResponse,
  McpServerViewEnvelope,
  RemoteMcpServerEnvelope,
} from '@app/contracts/http/remote-mcp-server.types';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { spacePaths } from '../data-sources/data-source-paths';
import { CreateMcpServerViewCommand } from './commands/create-mcp-server-view.command';
import { DeleteMcpServerViewCommand } from './commands/delete-mcp-server-view.command';
import { DeleteRemoteMcpServerCommand } from './commands/delete-remote-mcp-server.command';
import { RegisterRemoteMcpServerCommand } from './commands/register-remote-mcp-server.command';
import { SyncRemoteMcpServerCommand } from './commands/sync-remote-mcp-server.command';
import { ListMcpServerViewsQuery } from './queries/list-mcp-server-views.query';
import { ListRemoteMcpServersQuery } from './queries/list-remote-mcp-servers.query';

const servers = (suffix = '') => [`api/v1/w/:wId/mcp/remote_servers${suffix}`, `api/w/:wId/mcp/remote_servers${suffix}`];

/** Remote MCP servers of a workspace (admins register them) and the views that put them in spaces (both families). */
@Controller()
export class RemoteMcpServersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(servers())
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Register a remote MCP server (admins); its tools are listed at once', RemoteMcpServerEnvelopeSchema)
  register(@Auth() auth: AuthContext, @Body() body: RegisterRemoteMcpServerDto): Promise<RemoteMcpServerEnvelope> {
    return this.commandBus.execute(new RegisterRemoteMcpServerCommand(auth, body));
  }

  @Get(servers())
  @ApiSuccess('List the remote MCP servers of the workspace (admins and builders); header values are never returned', ListRemoteMcpServersResponseSchema)
  list(@Auth() auth: AuthContext): Promise<ListRemoteMcpServersResponse> {
    return this.queryBus.execute(new ListRemoteMcpServersQuery(auth));
  }

  @Post(servers('/:serverId/sync'))
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess("List a remote MCP server's tools again (admins)", RemoteMcpServerEnvelopeSchema)
  sync(@Auth() auth: AuthContext, @Param('serverId') serverId: string): Promise<RemoteMcpServerEnvelope> {
    return this.commandBus.execute(new SyncRemoteMcpServerCommand(auth, serverId));
  }

  @Delete(servers('/:serverId'))
  @AdminOnly()
  @ApiSuccess('Delete a remote MCP server and its views (admins)', SuccessSchema)
  remove(@Auth() auth: AuthContext, @Param('serverId') serverId: string): Promise<SuccessResponse> {
    return this.commandBus.execute(new DeleteRemoteMcpServerCommand(auth, serverId));
  }

  @Get(spacePaths('/mcp_server_views'))
  @ApiSuccess('List the MCP server views of a space', ListMcpServerViewsResponseSchema)
  listViews(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string): Promise<ListMcpServerViewsResponse> {
    return this.queryBus.execute(new ListMcpServerViewsQuery(auth, spaceId));
  }

  @Post(spacePaths('/mcp_server_views'))
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Put a remote MCP server in a space (admins)', McpServerViewEnvelopeSchema)
  createView(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Body() body: CreateMcpServerViewDto): Promise<McpServerViewEnvelope> {
    return this.commandBus.execute(new CreateMcpServerViewCommand(auth, spaceId, body));
  }

  @Delete(spacePaths('/mcp_server_views/:svId'))
  @AdminOnly()
  @ApiSuccess('Take an MCP server view out of its space (admins)', SuccessSchema)
  removeView(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Param('svId') svId: string): Promise<SuccessResponse> {
    return this.commandBus.execute(new DeleteMcpServerViewCommand(auth, spaceId, svId));
  }
}
