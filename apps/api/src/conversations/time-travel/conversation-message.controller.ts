import type { GetMessageResponse } from '@app/contracts/http/conversation-responses.types';
import { MessageAtQueryDto } from '@app/contracts/http/conversation-query.dto';
import { GetMessageResponseSchema } from '@app/contracts/http/openapi/message-response.schema';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { GetMessageAtQuery } from './conversation-at.queries';

/** One message of a conversation, now or as it stood at a moment (both families). */
@Controller()
export class ConversationMessageController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(['api/v1/w/:wId/assistant/conversations/:cId/messages/:mId', 'api/w/:wId/assistant/conversations/:cId/messages/:mId'])
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
}
