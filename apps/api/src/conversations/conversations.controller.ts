import type {
  CreateConversationResponse,
  GetConversationResponse,
  ListConversationsResponse,
  PostMessageResponse,
  RetryMessageResponse,
  SuccessResponse,
} from '@app/contracts/http/conversation-responses.types';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { parseRequest } from '../common/http/parse-body';
import { Family, type PathFamily } from '../common/http/path-family';
import { CancelGenerationCommand } from './commands/cancel-generation.command';
import { CreateConversationCommand } from './commands/create-conversation.command';
import { DeleteConversationCommand } from './commands/delete-conversation.command';
import { EditMessageCommand } from './commands/edit-message.command';
import { PostMessageCommand } from './commands/post-message.command';
import { RetryMessageCommand } from './commands/retry-message.command';
import { UpdateConversationCommand } from './commands/update-conversation.command';
import { GetConversationQuery } from './queries/get-conversation.query';
import { ListConversationsQuery } from './queries/list-conversations.query';
import {
  cancelSchema,
  createConversationSchema,
  editMessageSchema,
  listConversationsQuerySchema,
  postMessageSchema,
  privatePatchSchema,
  publicPatchSchema,
} from './requests/conversation.schemas';

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
  create(@Auth() auth: AuthContext, @Body() body: unknown, @Family() family: PathFamily): Promise<CreateConversationResponse> {
    return this.commandBus.execute(new CreateConversationCommand(auth, parseRequest(createConversationSchema, body ?? {}) ?? {}, family));
  }

  @Get(BOTH(''))
  list(@Auth() auth: AuthContext, @Query() query: unknown): Promise<ListConversationsResponse> {
    return this.queryBus.execute(new ListConversationsQuery(auth, parseRequest(listConversationsQuerySchema, query, 'query')));
  }

  @Get(BOTH('/:cId'))
  get(@Auth() auth: AuthContext, @Param('cId') conversationId: string): Promise<GetConversationResponse> {
    return this.queryBus.execute(new GetConversationQuery(auth, conversationId));
  }

  @Patch(`${PUBLIC}/:cId`)
  patchPublic(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: unknown): Promise<SuccessResponse> {
    return this.commandBus.execute(new UpdateConversationCommand(auth, conversationId, parseRequest(publicPatchSchema, body)));
  }

  @Patch(`${PRIVATE}/:cId`)
  patchPrivate(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: unknown): Promise<SuccessResponse> {
    return this.commandBus.execute(new UpdateConversationCommand(auth, conversationId, parseRequest(privatePatchSchema, body)));
  }

  @Delete(`${PRIVATE}/:cId`)
  async remove(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Res() response: Response): Promise<void> {
    await this.commandBus.execute(new DeleteConversationCommand(auth, conversationId));
    response.status(200).end();
  }

  @Post(BOTH('/:cId/messages'))
  @HttpCode(200)
  postMessage(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: unknown, @Family() family: PathFamily): Promise<PostMessageResponse> {
    return this.commandBus.execute(new PostMessageCommand(auth, conversationId, parseRequest(postMessageSchema, body), family));
  }

  @Post(BOTH('/:cId/messages/:mId/edit'))
  @HttpCode(200)
  edit(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Param('mId') messageId: string, @Body() body: unknown): Promise<PostMessageResponse> {
    return this.commandBus.execute(new EditMessageCommand(auth, conversationId, messageId, parseRequest(editMessageSchema, body)));
  }

  @Post(BOTH('/:cId/messages/:mId/retry'))
  @HttpCode(200)
  retry(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Param('mId') messageId: string): Promise<RetryMessageResponse> {
    return this.commandBus.execute(new RetryMessageCommand(auth, conversationId, messageId));
  }

  @Post(BOTH('/:cId/cancel'))
  @HttpCode(200)
  cancel(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: unknown): Promise<SuccessResponse> {
    return this.commandBus.execute(new CancelGenerationCommand(auth, conversationId, parseRequest(cancelSchema, body).messageIds));
  }
}
