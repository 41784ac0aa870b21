import { isConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import { renderConversationStreamEvent } from '@app/contracts/render/conversation.render';
import type { RecordedEvent } from '@app/storage';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiEventStream } from '../common/openapi/api-operation.decorators';
import { rawLastEventId, serveSse, type SseFrame } from '../common/sse/sse-stream';
import { Metrics } from '../metrics/metrics';
import { isMessageUpdateEvent, MessageUpdateStream } from './message-update-stream';
import { ConversationEventStreamQuery } from './queries/conversation-event-stream.query';

/** The real stream closes after 3 minutes without news; clients reconnect with their last id. */
const IDLE_TIMEOUT_MS = 3 * 60 * 1000;

/**
 * Conversation events (`user_message_new`, `agent_message_new`, `agent_message_done`,
 * `conversation_title`, …) as a subscription to the conversation's stream: the event id is the
 * stream revision, so resuming after any id replays exactly what followed, across restarts too.
 */
@Controller()
export class ConversationEventsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly metrics: Metrics,
    private readonly updatedMessages: MessageUpdateStream,
  ) {}

  @Get(['api/v1/w/:wId/assistant/conversations/:cId/events', 'api/w/:wId/assistant/conversations/:cId/events'])
  @ApiEventStream({
    summary: "Stream a conversation's events",
    payloadTypes: ['user_message_new', 'agent_message_new', 'agent_message_done', 'agent_generation_cancelled', 'conversation_title'],
    ends: 'The server closes the stream after 3 minutes without an event.',
  })
  async events(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Req() request: ExpressRequest, @Res() response: ExpressResponse): Promise<void> {
    const subscription = await this.queryBus.execute(new ConversationEventStreamQuery(auth, conversationId, rawLastEventId(request)));
    await serveSse(request, response, subscription, (recorded) => this.toFrames(recorded), {
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      openStreams: this.metrics.sseConnections.labels({ stream: 'conversation' }),
    });
  }

  private async toFrames(recorded: RecordedEvent): Promise<SseFrame[]> {
    const event = upcast(recorded);
    if (!isConversationEvent(event)) return [];
    const data = isMessageUpdateEvent(event) ? await this.updatedMessages.render(event, recorded.position) : renderConversationStreamEvent(event, recorded.position);
    return data ? [{ eventId: String(recorded.revision), data }] : [];
  }
}
