import { Module } from '@nestjs/common';
import { AgentMessageEventsController } from './agent-message-events.controller';
import { RunStreamHub } from './run-stream-hub';

/** The agent message events SSE endpoint. */
@Module({ controllers: [AgentMessageEventsController], providers: [RunStreamHub] })
export class AgentMessageEventsModule {}
