import type {
  CreateConversationResponse,
  GetConversationResponse,
  ListConversationsResponse,
  PostMessageResponse,
  RetryMessageResponse,
  SuccessResponse,
} from '@app/contracts/http/conversation-responses.types';
import { PrivateConversationPatchDto, PublicConversationPatchDto } from '@app/contracts/http/conversation-patch.dto';
import { GetConversationQueryDto, ListConversationsQueryDto } from '@app/contracts/http/conversation-query.dto';
import { CreateConversationDto } from '@app/contracts/http/conversation.dto';
import { CancelMessagesDto, EditMessageDto, PostMessageDto } from '@app/contracts/http/message.dto';
import {
  CreateConversationResponseSchema,
  GetConversationResponseSchema,
  ListConversationsResponseSchema,
  PostMessageResponseSchema,
  RetryMessageResponseSchema,
  SuccessSchema,
} from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { Family, type PathFamily } from '../common/http/path-family';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CancelGenerationCommand } from './commands/cancel-generation.command';
import { CreateConversationCommand } from './commands/create-conversation.command';
import { DeleteConversationCommand } from './commands/delete-conversation.command';
import { EditMessageCommand } from './commands/edit-message.command';
import { PostMessageCommand } from './commands/post-message.command';
import { RetryMessageCommand } from './commands/retry-message.command';
import { UpdateConversationCommand } from './commands/update-conversation.command';
import { GetConversationQuery } from './queries/get-conversation.query';
import type { JsonText } from '../common/http/json-text';
import { ListConversationsQuery } from './queries/list-conversations.query';
import { GetConversationAtQuery } from './time-travel/conversation-at.queries';

const PUBLIC = 'api/v1/w/:wId/assistant/conversations';
const PRIVATE = 'api/w/:wId/assistant/conversations';
const BOTH = (suffix: string): string[] => [`${PUBLIC}${suffix}`, `${PRIVATE}${suffix}`];

/** Conversations and their messages, on both path families: each route one command or query. */
@Controller()
export class ConversationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(BOTH(''))
  @HttpCode(200)
  @ApiSuccess('Create a conversation, optionally with a first message and content fragments', CreateConversationResponseSchema)
  create(@Auth() auth: AuthContext, @Body() body: CreateConversationDto, @Family() family: PathFamily): Promise<CreateConversationResponse> {
    return this.commandBus.execute(new CreateConversationCommand(auth, body, family));
  }

  @Get(BOTH(''))
  @ApiSuccess('List conversations, most recently updated first', ListConversationsResponseSchema)
  list(@Auth() auth: AuthContext, @Query() query: ListConversationsQueryDto): Promise<ListConversationsResponse> {
    return this.queryBus.execute(new ListConversationsQuery(auth, query));
  }

  @Get(BOTH('/:cId'))
  @ApiSuccess(
    "Get a conversation with its messages; with `at` (epoch ms, this service's extension) as it stood at that instant, folded from the event log",
    GetConversationResponseSchema,
  )
  get(
    @Auth() auth: AuthContext,
    @Param('cId') conversationId: string,
    @Query() query: GetConversationQueryDto,
    @Family() family: PathFamily,
  ): Promise<GetConversationResponse | JsonText<GetConversationResponse>> {
    const page = query.limit === undefined ? undefined : { limit: query.limit, before: query.lastValue };
    if (query.at !== undefined) return this.queryBus.execute(new GetConversationAtQuery(auth, conversationId, query.at, page, family));
    return this.queryBus.execute(new GetConversationQuery(auth, conversationId, page, family));
  }

  @Patch(`${PUBLIC}/:cId`)
  @ApiSuccess('Mark a conversation read or unread', SuccessSchema)
  patchPublic(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: PublicConversationPatchDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new UpdateConversationCommand(auth, conversationId, body));
  }

  @Patch(`${PRIVATE}/:cId`)
  @ApiSuccess('Rename a conversation, mark it read or unread, or change its visibility', SuccessSchema)
  patchPrivate(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: PrivateConversationPatchDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new UpdateConversationCommand(auth, conversationId, body));
  }

  @Delete(`${PRIVATE}/:cId`)
  @ApiSuccess('Delete a conversation', null)
  async remove(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Res() response: ExpressResponse): Promise<void> {
    await this.commandBus.execute(new DeleteConversationCommand(auth, conversationId));
    response.status(200).end();
  }

  @Post(BOTH('/:cId/messages'))
  @HttpCode(200)
  @ApiSuccess('Post a user message; mentioned agents start answering', PostMessageResponseSchema)
  postMessage(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: PostMessageDto, @Family() family: PathFamily): Promise<PostMessageResponse> {
    return this.commandBus.execute(new PostMessageCommand(auth, conversationId, body, family));
  }

  @Post(BOTH('/:cId/messages/:mId/edit'))
  @HttpCode(200)
  @ApiSuccess('Edit a user message as a new version; mentioned agents answer it again', PostMessageResponseSchema)
  edit(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Param('mId') messageId: string, @Body() body: EditMessageDto): Promise<PostMessageResponse> {
    return this.commandBus.execute(new EditMessageCommand(auth, conversationId, messageId, body));
  }

  @Post(BOTH('/:cId/messages/:mId/retry'))
  @HttpCode(200)
  @ApiSuccess('Retry an agent message as a new version', RetryMessageResponseSchema)
  retry(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Param('mId') messageId: string): Promise<RetryMessageResponse> {
    return this.commandBus.execute(new RetryMessageCommand(auth, conversationId, messageId));
  }

  @Post(BOTH('/:cId/cancel'))
  @HttpCode(200)
  @ApiSuccess('Cancel the generation of agent messages', SuccessSchema)
  cancel(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: CancelMessagesDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new CancelGenerationCommand(auth, conversationId, body.messageIds));
  }
}
