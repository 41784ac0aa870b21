import { Module } from '@nestjs/common';
import { ConversationCommands } from './conversation-commands.service';
import { ConversationEventsController } from './conversation-events.controller';
import { ConversationQueries } from './conversation-queries.service';
import { ConversationReader } from './conversation-reader';
import { ConversationsController } from './conversations.controller';
import { MessagePreparation } from './message-preparation';
import { MessageReactionsController } from './message-reactions.controller';

/** Conversations, messages, reactions, feedback and the conversation event stream. */
@Module({
  controllers: [ConversationsController, MessageReactionsController, ConversationEventsController],
  providers: [ConversationReader, ConversationCommands, ConversationQueries, MessagePreparation],
  exports: [ConversationReader, ConversationCommands],
})
export class ConversationsModule {}
