import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Auth, type AuthContext } from '../auth/auth-context';
import { parseRequest } from '../common/http/parse-body';
import { ConversationCommands } from './conversation-commands.service';
import { ConversationQueries } from './conversation-queries.service';
import { ConversationReader } from './conversation-reader';
import { actingUserOf } from './message-preparation';
import { feedbackSchema, reactionSchema } from './requests/conversation.schemas';

const REACTIONS = 'api/w/:wId/assistant/conversations/:cId/messages/:mId/reactions';
const FEEDBACKS = ['api/v1/w/:wId/assistant/conversations/:cId/messages/:mId/feedbacks', 'api/w/:wId/assistant/conversations/:cId/messages/:mId/feedbacks'];

/** Reactions (private family) and thumbs feedback on agent messages (both families): acts as a member. */
@Controller()
export class MessageReactionsController {
  constructor(
    private readonly commands: ConversationCommands,
    private readonly queries: ConversationQueries,
    private readonly reader: ConversationReader,
  ) {}

  @Post(REACTIONS)
  @HttpCode(200)
  async addReaction(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: unknown) {
    const { reaction } = parseRequest(reactionSchema, body);
    const user = actingUserOf(auth, 'Reacting to a message');
    this.reader.message(await this.reader.load(auth, cId), mId);
    await this.commands.run(auth, cId, { type: 'AddReaction', messageId: mId, emoji: reaction, user });
    return { success: true };
  }

  @Delete(REACTIONS)
  async removeReaction(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: unknown) {
    const { reaction } = parseRequest(reactionSchema, body);
    const user = actingUserOf(auth, 'Reacting to a message');
    this.reader.message(await this.reader.load(auth, cId), mId);
    await this.commands.run(auth, cId, { type: 'RemoveReaction', messageId: mId, emoji: reaction, user });
    return { success: true };
  }

  @Post(FEEDBACKS)
  @HttpCode(200)
  async giveFeedback(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: unknown) {
    const input = parseRequest(feedbackSchema, body);
    const user = actingUserOf(auth, 'Giving feedback');
    this.reader.message(await this.reader.load(auth, cId), mId);
    await this.commands.run(auth, cId, {
      type: 'GiveFeedback',
      messageId: mId,
      user,
      thumbDirection: input.thumbDirection,
      content: input.feedbackContent ?? null,
      isConversationShared: input.isConversationShared ?? false,
    });
    return { success: true };
  }

  @Delete(FEEDBACKS)
  async removeFeedback(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string) {
    const user = actingUserOf(auth, 'Removing feedback');
    this.reader.message(await this.reader.load(auth, cId), mId);
    await this.commands.run(auth, cId, { type: 'RemoveFeedback', messageId: mId, user });
    return { success: true };
  }

  @Get(['api/v1/w/:wId/assistant/conversations/:cId/feedbacks', 'api/w/:wId/assistant/conversations/:cId/feedbacks'])
  feedbacks(@Auth() auth: AuthContext, @Param('cId') cId: string) {
    return this.queries.feedbacks(auth, cId);
  }
}
