import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { BlockedActionsResponseSchema } from '@app/contracts/http/openapi/tool-approval.schema';
import { AnswerUserQuestionDto, ValidateActionDto } from '@app/contracts/http/tool-approval.dto';
import type { BlockedActionsResponse } from '@app/contracts/http/tool-approval.types';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { AnswerUserQuestionCommand } from './commands/answer-user-question.command';
import { ValidateActionCommand } from './commands/validate-action.command';
import { ListBlockedActionsQuery } from './queries/list-blocked-actions.query';

const CONVERSATIONS = ['api/v1/w/:wId/assistant/conversations/:cId', 'api/w/:wId/assistant/conversations/:cId'];

/** Tool calls waiting for a person (both families): listed per conversation, approved or answered per message. */
@Controller()
export class ToolApprovalsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get(CONVERSATIONS.map((base) => `${base}/actions/blocked`))
  @ApiSuccess('List the tool calls of a conversation that wait for approval', BlockedActionsResponseSchema)
  blocked(@Auth() auth: AuthContext, @Param('cId') cId: string): Promise<BlockedActionsResponse> {
    return this.queryBus.execute(new ListBlockedActionsQuery(auth, cId));
  }

  @Post(CONVERSATIONS.map((base) => `${base}/messages/:mId/validate-action`))
  @HttpCode(200)
  @ApiSuccess('Approve or reject a blocked tool call', SuccessSchema)
  validate(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: ValidateActionDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new ValidateActionCommand(auth, cId, mId, body.actionId, body.approved));
  }

  @Post(CONVERSATIONS.map((base) => `${base}/messages/:mId/answer-question`))
  @HttpCode(200)
  @ApiSuccess('Answer the question an agent asked the user mid-run', SuccessSchema)
  answer(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: AnswerUserQuestionDto): Promise<SuccessResponse> {
    const { selectedOptions, customResponse } = body.answer;
    const answer = { selectedOptions, ...(typeof customResponse === 'string' ? { customResponse } : {}) };
    return this.commandBus.execute(new AnswerUserQuestionCommand(auth, cId, mId, body.actionId, answer));
  }
}
