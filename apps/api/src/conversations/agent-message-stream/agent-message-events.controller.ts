import { upcast } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { ApiEventStream } from '../../common/openapi/api-operation.decorators';
import { encodeSseFrame, type EncodedSseFrame } from '../../common/sse/sse-frame';
import { rawLastEventId } from '../../common/sse/sse-stream';
import { Metrics } from '../../metrics/metrics';
import { AgentMessageEventStreamQuery } from './agent-message-event-stream.query';
import { renderAgentMessageStreamEvent, TERMINAL_PAYLOAD_TYPES } from './agent-message-events.render';
import { serveRunStreamSse } from './run-stream-sse';

/** The real service ends a message stream after 60 s; the client then reconnects with its last id. */
const MAX_STREAM_MS = 60_000;
const KEEPALIVE_MS = 10_000;

/**
 * Agent message events (dust-api §3.2), both path families: the message's run stream served as
 * SSE from the client's last event id (stream revisions), ending with `data: done` after a
 * terminal event or after 60 s. Listeners of one message share one store subscription (RunStreamHub).
 */
@Controller()
export class AgentMessageEventsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly metrics: Metrics,
  ) {}

  @Get([
    'api/v1/w/:wId/assistant/conversations/:cId/messages/:mId/events',
    'api/w/:wId/assistant/conversations/:cId/messages/:mId/events',
  ])
  @ApiEventStream({
    summary: "Stream an agent message's tokens, tool calls and outcome",
    payloadTypes: ['generation_tokens', 'tool_params', 'agent_action_success', 'agent_message_success', 'agent_error', 'agent_generation_cancelled'],
    ends: 'After the outcome (`agent_message_success`, `agent_error` or `agent_generation_cancelled`), or after 60 s, the server writes `data: done` and closes; reconnecting after the outcome answers `data: done` at once.',
  })
  async streamEvents(
    @Auth() auth: AuthContext,
    @Param('cId') conversationId: string,
    @Param('mId') messageId: string,
    @Req() request: ExpressRequest,
    @Res() response: ExpressResponse,
  ): Promise<void> {
    const stream = await this.queryBus.execute(new AgentMessageEventStreamQuery(auth, conversationId, messageId, rawLastEventId(request)));
    if (stream.ended) {
      // The client saw the terminal event already: nothing more will come.
      response.status(200).setHeader('Content-Type', 'text/event-stream');
      response.setHeader('Cache-Control', 'no-cache, no-transform');
      response.end('data: done\n\n');
      return;
    }
    const context = { configurationId: stream.configurationId, messageId };
    serveRunStreamSse(request, response, stream.follow, (event) => framesOf(event, context), {
      keepaliveMs: KEEPALIVE_MS,
      maxDurationMs: MAX_STREAM_MS,
      doneOnClose: true,
      openStreams: this.metrics.sseConnections.labels({ stream: 'agent_message' }),
    });
  }
}

/**
 * Frames of each run-stream event, rendered and encoded once: the listeners of one message share
 * the events RunStreamHub holds, so the thousandth listener writes the bytes the first one already
 * made. The rendering depends only on the event and its message, which the event's stream fixes.
 */
const renderedFrames = new WeakMap<RecordedEvent, EncodedSseFrame[]>();

function framesOf(event: RecordedEvent, context: { configurationId: string; messageId: string }): EncodedSseFrame[] {
  let frames = renderedFrames.get(event);
  if (frames === undefined) {
    const payload = renderAgentMessageStreamEvent(upcast(event), context);
    frames = payload === null ? [] : [encodeSseFrame({ eventId: String(event.revision), data: payload, terminal: TERMINAL_PAYLOAD_TYPES.has(payload.type) })];
    renderedFrames.set(event, frames);
  }
  return frames;
}
