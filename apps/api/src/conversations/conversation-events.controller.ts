import { isConversationEvent } from '@app/contracts/events/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import { renderConversationStreamEvent } from '@app/contracts/render/conversation.render';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@app/storage';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { readLastEventId, serveSse, type SseFrame } from '../common/sse/sse-stream';
import { ConversationReader } from './conversation-reader';

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
    private readonly reader: ConversationReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Get(['api/v1/w/:wId/assistant/conversations/:cId/events', 'api/w/:wId/assistant/conversations/:cId/events'])
  async events(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Req() request: Request, @Res() response: Response) {
    await this.reader.load(auth, conversationId);
    const lastEventId = readLastEventId(request);
    const subscription = this.eventStore.subscribeToStream(toConversationStreamName(conversationId), {
      afterRevision: lastEventId ?? undefined,
    });
    await serveSse(request, response, subscription, toFrames, { idleTimeoutMs: IDLE_TIMEOUT_MS });
  }
}

function toFrames(recorded: RecordedEvent): SseFrame[] {
  const event = upcast(recorded);
  if (!isConversationEvent(event)) return [];
  const data = renderConversationStreamEvent(event, recorded.position);
  return data ? [{ eventId: String(recorded.revision), data }] : [];
}
