import type { CompactConversationResponse, ForkConversationResponse, GetMessageResponse } from '@app/contracts/http/conversation-responses.types';
import { MessageAtQueryDto } from '@app/contracts/http/conversation-query.dto';
import { ForkConversationDto } from '@app/contracts/http/fork-conversation.dto';
import { CompactConversationResponseSchema } from '@app/contracts/http/openapi/compaction-message.schema';
import { GetMessageResponseSchema } from '@app/contracts/http/openapi/message-response.schema';
import { ForkConversationResponseSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CompactConversationCommand } from './commands/compact-conversation.command';
import { ForkConversationCommand } from './commands/fork-conversation.command';
import { GetMessageAtQuery } from './time-travel/conversation-at.queries';

const PUBLIC = 'api/v1/w/:wId/assistant/conversations';
const PRIVATE = 'api/w/:wId/assistant/conversations';

/** Long conversations: compaction on request and forking (private family), one message now or as it was (both). */
@Controller()
export class LongConversationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get([`${PUBLIC}/:cId/messages/:mId`, `${PRIVATE}/:cId/messages/:mId`])
  @ApiSuccess(
    "One message of a conversation; with `at` (epoch ms, this service's extension) as it stood then, an agent answer as far as it had streamed",
    GetMessageResponseSchema,
  )
  message(
    @Auth() auth: AuthContext,
    @Param('cId') conversationId: string,
    @Param('mId') messageId: string,
    @Query() query: MessageAtQueryDto,
  ): Promise<GetMessageResponse> {
    return this.queryBus.execute(new GetMessageAtQuery(auth, conversationId, messageId, query.at));
  }

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
