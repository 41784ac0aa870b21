import type { CompactConversationResponse, ForkConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { ForkConversationDto } from '@app/contracts/http/fork-conversation.dto';
import { CompactConversationResponseSchema } from '@app/contracts/http/openapi/compaction-message.schema';
import { ForkConversationResponseSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CompactConversationCommand } from './commands/compact-conversation.command';
import { ForkConversationCommand } from './commands/fork-conversation.command';

const PRIVATE = 'api/w/:wId/assistant/conversations';

/** Long conversations (private family): compaction on request and forking. */
@Controller()
export class LongConversationsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(`${PRIVATE}/:cId/compact`)
  @HttpCode(200)
  @ApiSuccess('Compact a conversation: later prompts use a summary of everything so far (its progress is on the conversation event stream)', CompactConversationResponseSchema)
  compact(@Auth() auth: AuthContext, @Param('cId') conversationId: string): Promise<CompactConversationResponse> {
    return this.commandBus.execute(new CompactConversationCommand(auth, conversationId));
  }

  @Post(`${PRIVATE}/:cId/fork`)
  @HttpCode(200)
  @ApiSuccess(
    'Fork a conversation from one of its messages: a new conversation of the caller with the messages up to that one (posting waits until its files are copied)',
    ForkConversationResponseSchema,
  )
  fork(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: ForkConversationDto): Promise<ForkConversationResponse> {
    return this.commandBus.execute(new ForkConversationCommand(auth, conversationId, body.sourceMessageId));
  }
}
