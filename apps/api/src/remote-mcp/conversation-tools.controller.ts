import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { ConversationToolsDto } from '@app/contracts/http/remote-mcp-server.dto';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ChangeConversationToolsCommand } from './commands/change-conversation-tools.command';

/** MCP server views a member adds to one conversation (both families). */
@Controller()
export class ConversationToolsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(['api/v1/w/:wId/assistant/conversations/:cId/tools', 'api/w/:wId/assistant/conversations/:cId/tools'])
  @HttpCode(200)
  @ApiSuccess("Add an MCP server view to a conversation, or remove it: its agents get the server's tools", SuccessSchema)
  change(@Auth() auth: AuthContext, @Param('cId') cId: string, @Body() body: ConversationToolsDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new ChangeConversationToolsCommand(auth, cId, body.action, body.mcp_server_view_id));
  }
}
