import { isAgentRunTerminal, toAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import { upcast } from '@app/contracts/events/upcast';
import type { AgentMessage } from '@app/contracts/http/conversation.types';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { findMessage } from '@app/contracts/render/conversation.render';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { readLastEventId, serveSse, type SseFrame } from '../../common/sse/sse-stream';
import { ReadModels } from '../../infrastructure/read-models.service';
import { renderAgentMessageStreamEvent, TERMINAL_PAYLOAD_TYPES } from './agent-message-events.render';
import { RunStreamHub } from './run-stream-hub';
import { ApiError } from '../../common/http/api-error';

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
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly readModels: ReadModels,
    private readonly hub: RunStreamHub,
  ) {}

  @Get([
    'api/v1/w/:wId/assistant/conversations/:cId/messages/:mId/events',
    'api/w/:wId/assistant/conversations/:cId/messages/:mId/events',
  ])
  async streamEvents(
    @Auth() auth: AuthContext,
    @Param('cId') conversationId: string,
    @Param('mId') messageId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const message = await this.agentMessage(auth, conversationId, messageId);
    const after = readLastEventId(request);
    const streamName = toAgentMessageStreamName(messageId);
    if (after !== null && (await this.endedBy(streamName, after, message))) {
      // The client saw the terminal event already: nothing more will come.
      response.status(200).setHeader('Content-Type', 'text/event-stream');
      response.setHeader('Cache-Control', 'no-cache, no-transform');
      response.end('data: done\n\n');
      return;
    }
    const context = { configurationId: message.configuration.sId, messageId };
    const terminalFrames = new WeakSet<object>();
    const subscription = this.hub.subscribe(streamName, after);
    await serveSse(
      request,
      response,
      subscription,
      (event): SseFrame[] => {
        const payload = renderAgentMessageStreamEvent(upcast(event), context);
        if (payload === null) return [];
        if (TERMINAL_PAYLOAD_TYPES.has(payload.type)) terminalFrames.add(payload);
        return [{ eventId: String(event.revision), data: payload }];
      },
      {
        keepaliveMs: KEEPALIVE_MS,
        maxDurationMs: MAX_STREAM_MS,
        isTerminal: (frame) => terminalFrames.has(frame.data),
        doneOnClose: true,
      },
    );
  }

  /** The agent message, or the 404/400 the real service answers. */
  private async agentMessage(auth: AuthContext, conversationId: string, messageId: string): Promise<AgentMessage> {
    const doc = await this.readModels.get<ConversationDocument>('conversations', conversationId);
    if (!doc || doc.workspaceId !== auth.workspace.sId || doc.deleted) {
      throw new ApiError('conversation_not_found', 'Conversation not found.');
    }
    const message = findMessage(doc, messageId);
    if (!message) throw new ApiError('message_not_found', 'Message not found.');
    if (message.type !== 'agent_message') {
      throw new ApiError('invalid_request_error', 'Events are only available for agent messages.');
    }
    return message;
  }

  /** Whether the run stream ended at or before revision `after` (checked only for finished messages). */
  private async endedBy(streamName: string, after: number, message: AgentMessage): Promise<boolean> {
    if (message.status === 'created') return false;
    const later = await this.eventStore.readStream(streamName, { fromRevision: after + 1, maxCount: 1 });
    if (later.length > 0) return false;
    const events = await this.eventStore.readStream(streamName);
    return events.some((event) => event.revision <= after && isAgentRunTerminal(event));
  }
}
