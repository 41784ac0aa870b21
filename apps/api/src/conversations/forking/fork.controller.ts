import type { ForkConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { ForkConversationDto } from '@app/contracts/http/fork-conversation.dto';
import { ForkConversationResponseSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { ForkConversationCommand } from '../commands/fork-conversation.command';

/** Forking a conversation from one of its messages (private family). */
@Controller()
export class ForkController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/w/:wId/assistant/conversations/:cId/fork')
  @HttpCode(200)
  @ApiSuccess(
    'Fork a conversation from one of its messages: a new conversation of the caller with the messages up to that one (posting waits until its files are copied)',
    ForkConversationResponseSchema,
  )
  fork(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: ForkConversationDto): Promise<ForkConversationResponse> {
    return this.commandBus.execute(new ForkConversationCommand(auth, conversationId, body.sourceMessageId));
  }
}
