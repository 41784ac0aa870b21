import type { ListFeedbacksResponse, SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { FeedbackDto, ReactionDto } from '@app/contracts/http/message-reaction.dto';
import { ListFeedbacksResponseSchema, SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { GiveFeedbackCommand, RemoveFeedbackCommand } from './commands/message-feedback.commands';
import { AddReactionCommand, RemoveReactionCommand } from './commands/message-reaction.commands';
import { ListFeedbacksQuery } from './queries/list-feedbacks.query';

const REACTIONS = 'api/w/:wId/assistant/conversations/:cId/messages/:mId/reactions';
const FEEDBACKS = ['api/v1/w/:wId/assistant/conversations/:cId/messages/:mId/feedbacks', 'api/w/:wId/assistant/conversations/:cId/messages/:mId/feedbacks'];

/** Reactions (private family) and thumbs feedback on agent messages (both families): acts as a member. */
@Controller()
export class MessageReactionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(REACTIONS)
  @HttpCode(200)
  @ApiSuccess('React to a message with an emoji', SuccessSchema)
  addReaction(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: ReactionDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new AddReactionCommand(auth, cId, mId, body.reaction));
  }

  @Delete(REACTIONS)
  @ApiSuccess('Remove a reaction from a message', SuccessSchema)
  removeReaction(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: ReactionDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new RemoveReactionCommand(auth, cId, mId, body.reaction));
  }

  @Post(FEEDBACKS)
  @HttpCode(200)
  @ApiSuccess('Give thumbs up or down on an agent message', SuccessSchema)
  giveFeedback(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: FeedbackDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new GiveFeedbackCommand(auth, cId, mId, body));
  }

  @Delete(FEEDBACKS)
  @ApiSuccess('Remove your feedback on an agent message', SuccessSchema)
  removeFeedback(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string): Promise<SuccessResponse> {
    return this.commandBus.execute(new RemoveFeedbackCommand(auth, cId, mId));
  }

  @Get(['api/v1/w/:wId/assistant/conversations/:cId/feedbacks', 'api/w/:wId/assistant/conversations/:cId/feedbacks'])
  @ApiSuccess('List the feedbacks given in a conversation', ListFeedbacksResponseSchema)
  feedbacks(@Auth() auth: AuthContext, @Param('cId') cId: string): Promise<ListFeedbacksResponse> {
    return this.queryBus.execute(new ListFeedbacksQuery(auth, cId));
  }
}
