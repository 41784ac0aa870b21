import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations.module';
import { AgentMessageEventStreamHandler } from './agent-message-event-stream.query';
import { AgentMessageEventsController } from './agent-message-events.controller';
import { RunStreamHub } from './run-stream-hub';

/** The agent message events SSE endpoint. */
@Module({
  imports: [ConversationsModule],
  controllers: [AgentMessageEventsController],
  providers: [RunStreamHub, AgentMessageEventStreamHandler],
})
export class AgentMessageEventsModule {}
