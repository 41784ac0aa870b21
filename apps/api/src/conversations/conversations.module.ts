import { Module } from '@nestjs/common';
import { AgentDirectoryModule } from '../agents/directory/agent-directory.module';
import { AgentRunnerModule } from '../agent-runner';
import { CompactConversationHandler } from './commands/compact-conversation.command';
import { ForkConversationHandler } from './commands/fork-conversation.command';
import { ForkPreparer } from './forking/fork-preparer';
import { ContentFragmentExpirer } from './expiry/content-fragment-expirer';
import { GetConversationAtHandler, GetMessageAtHandler } from './time-travel/conversation-at.queries';
import { ConversationTimeline } from './time-travel/conversation-timeline';
import { FoldSnapshotStore } from './time-travel/fold-snapshot-store';
import { FoldSnapshotter } from './time-travel/fold-snapshotter';
import { CompactionController } from './compaction.controller';
import { ForkController } from './forking/fork.controller';
import { ConversationMessageController } from './time-travel/conversation-message.controller';
import { CancelGenerationHandler } from './commands/cancel-generation.command';
import { CreateConversationHandler } from './commands/create-conversation.command';
import { DeleteConversationHandler } from './commands/delete-conversation.command';
import { EditMessageHandler } from './commands/edit-message.command';
import { DeleteMessageHandler } from './commands/delete-message.command';
import { DecideMentionHandler } from './commands/decide-mention.command';
import { MentionDecisionsController } from './mention-decisions.controller';
import { GiveFeedbackHandler, RemoveFeedbackHandler } from './commands/message-feedback.commands';
import { AddReactionHandler, RemoveReactionHandler } from './commands/message-reaction.commands';
import { PostMessageHandler } from './commands/post-message.command';
import { RetryMessageHandler } from './commands/retry-message.command';
import { UpdateConversationHandler } from './commands/update-conversation.command';
import { PostContentFragmentHandler } from './commands/post-content-fragment.command';
import { ContentFragmentsController } from './content-fragments.controller';
import { ContentFragmentTextController } from './content-fragment-text.controller';
import { ConversationEventsController } from './conversation-events.controller';
import { MessageUpdateStream } from './message-update-stream';
import { ConversationReader } from './conversation-reader';
import { RenderedConversations } from './rendered-conversations';
import { ConversationWriter } from './conversation-writer';
import { ConversationsController } from './conversations.controller';
import { MessagePreparation } from './message-preparation';
import { MentionAccessModule } from '../mentions/mention-access.module';
import { InlineTextFile } from '../files/inline-text-file';
import { MessageReactionsController } from './message-reactions.controller';
import { MessageDeletionController } from './message-deletion.controller';
import { ConversationEventStreamHandler } from './queries/conversation-event-stream.query';
import { GetContentFragmentTextHandler } from './queries/get-content-fragment-text.query';
import { GetConversationHandler } from './queries/get-conversation.query';
import { ListConversationsHandler } from './queries/list-conversations.query';
import { ListFeedbacksHandler } from './queries/list-feedbacks.query';

const COMMAND_HANDLERS = [
  CreateConversationHandler,
  PostMessageHandler,
  EditMessageHandler,
  DeleteMessageHandler,
  DecideMentionHandler,
  RetryMessageHandler,
  CancelGenerationHandler,
  UpdateConversationHandler,
  DeleteConversationHandler,
  AddReactionHandler,
  RemoveReactionHandler,
  GiveFeedbackHandler,
  RemoveFeedbackHandler,
  PostContentFragmentHandler,
  CompactConversationHandler,
  ForkConversationHandler,
];

const QUERY_HANDLERS = [
  GetConversationHandler,
  ListConversationsHandler,
  ListFeedbacksHandler,
  ConversationEventStreamHandler,
  GetContentFragmentTextHandler,
  GetConversationAtHandler,
  GetMessageAtHandler,
];

/** Conversations, messages, reactions, feedback and the conversation event stream. */
@Module({
  imports: [AgentDirectoryModule, AgentRunnerModule, MentionAccessModule],
  controllers: [
    ConversationsController,
    MessageReactionsController,
    MessageDeletionController,
    MentionDecisionsController,
    ConversationEventsController,
    ContentFragmentTextController,
    ContentFragmentsController,
    ConversationMessageController,
    CompactionController,
    ForkController,
  ],
  providers: [ConversationReader, MessageUpdateStream, RenderedConversations, ConversationWriter, MessagePreparation, InlineTextFile, ForkPreparer, ContentFragmentExpirer, ConversationTimeline, FoldSnapshotStore, FoldSnapshotter, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
  exports: [ConversationReader],
})
export class ConversationsModule {}
