import { Module } from '@nestjs/common';
import { AgentMessageEventsController } from './agent-message-events.controller';

/** The agent message events SSE endpoint. */
@Module({ controllers: [AgentMessageEventsController] })
export class AgentMessageEventsModule {}
