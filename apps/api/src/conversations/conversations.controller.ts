import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { parseRequest } from '../common/http/parse-body';
import { ConversationCommands } from './conversation-commands.service';
import { ConversationQueries } from './conversation-queries.service';
import { ConversationReader, viewerIdOf } from './conversation-reader';
import { renderConversation } from '@app/contracts/render/conversation.render';
import type { PathFamily } from './message-preparation';
import {
  cancelSchema,
  createConversationSchema,
  editMessageSchema,
  listConversationsQuerySchema,
  postMessageSchema,
  privatePatchSchema,
  publicPatchSchema,
} from './requests/conversation.schemas';

const BOTH = (suffix: string): string[] => [`api/v1/w/:wId/assistant/conversations${suffix}`, `api/w/:wId/assistant/conversations${suffix}`];

/** Which path family a request came in on. */
export function familyOf(request: Request): PathFamily {
  return request.path.startsWith('/api/v1/') ? 'public' : 'private';
}

/** Conversations and their messages, on both path families. */
@Controller()
export class ConversationsController {
  constructor(
    private readonly commands: ConversationCommands,
    private readonly queries: ConversationQueries,
    private readonly reader: ConversationReader,
  ) {}

  @Post(BOTH(''))
  @HttpCode(200)
  create(@Auth() auth: AuthContext, @Body() body: unknown, @Req() request: Request) {
    const input = parseRequest(createConversationSchema, body ?? {}) ?? {};
    return this.commands.create(auth, input, familyOf(request));
  }

  @Get(BOTH(''))
  list(@Auth() auth: AuthContext, @Query() query: unknown) {
    return this.queries.list(auth, parseRequest(listConversationsQuerySchema, query, 'query'));
  }

  @Get(BOTH('/:cId'))
  async get(@Auth() auth: AuthContext, @Param('cId') conversationId: string) {
    const doc = await this.reader.load(auth, conversationId);
    return { conversation: renderConversation(doc, this.reader.renderContext(auth)) };
  }

  @Patch(BOTH('/:cId'))
  async patch(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: unknown, @Req() request: Request) {
    await this.reader.load(auth, conversationId);
    const patch = familyOf(request) === 'public' ? parseRequest(publicPatchSchema, body) : parseRequest(privatePatchSchema, body);
    if ('read' in patch) {
      await this.commands.run(auth, conversationId, { type: patch.read ? 'MarkRead' : 'MarkUnread', userId: viewerIdOf(auth) });
    } else if ('title' in patch) {
      await this.commands.run(auth, conversationId, { type: 'ChangeTitle', title: patch.title });
    } else {
      const visibility = patch.visibility === 'workspace' ? 'unlisted' : patch.visibility;
      await this.commands.run(auth, conversationId, { type: 'ChangeVisibility', visibility });
    }
    return { success: true };
  }

  @Delete('api/w/:wId/assistant/conversations/:cId')
  async remove(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Res() response: Response) {
    await this.reader.load(auth, conversationId);
    await this.commands.run(auth, conversationId, { type: 'DeleteConversation', deletedBy: auth.user?.sId ?? null });
    response.status(200).end();
  }

  @Post(BOTH('/:cId/messages'))
  @HttpCode(200)
  postMessage(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: unknown, @Req() request: Request) {
    return this.commands.postMessage(auth, conversationId, parseRequest(postMessageSchema, body), familyOf(request));
  }

  @Post(BOTH('/:cId/messages/:mId/edit'))
  @HttpCode(200)
  edit(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Param('mId') messageId: string, @Body() body: unknown) {
    return this.commands.edit(auth, conversationId, messageId, parseRequest(editMessageSchema, body));
  }

  @Post(BOTH('/:cId/messages/:mId/retry'))
  @HttpCode(200)
  retry(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Param('mId') messageId: string) {
    return this.commands.retry(auth, conversationId, messageId);
  }

  @Post(BOTH('/:cId/cancel'))
  @HttpCode(200)
  async cancel(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: unknown) {
    const { messageIds } = parseRequest(cancelSchema, body);
    await this.reader.load(auth, conversationId);
    await this.commands.run(auth, conversationId, { type: 'CancelAgentMessages', messageIds });
    return { success: true };
  }
}
