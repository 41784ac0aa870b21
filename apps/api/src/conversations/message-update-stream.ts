import type { MentionDismissed, MessageDeleted, UserMentionDecided } from '@app/contracts/events/conversation/conversation-message.events';
import type { ConversationStreamEvent } from '@app/contracts/http/conversation.types';
import { Injectable } from '@nestjs/common';
import { ConversationReader } from './conversation-reader';

/** Events that change a message already shown, which the stream shows again as it now stands. */
export type MessageUpdateEvent = MessageDeleted | UserMentionDecided | MentionDismissed;

/** Whether the stream shows this event as the message it changed. */
export function isMessageUpdateEvent(event: { type: string }): event is MessageUpdateEvent {
  return event.type === 'MessageDeleted' || event.type === 'UserMentionDecided' || event.type === 'MentionDismissed';
}

/**
 * What a conversation's event stream says when a message changes after it was posted (deleted, or a
 * mention of it decided or dismissed), as the real service says it: the message again, as `user_message_new` (a
 * user message) or `agent_message_new` (an answer deleted with its question), so that a client
 * showing the conversation shows the change at once. The event names only the message: the message
 * is read from the read models once they include the change.
 */
@Injectable()
export class MessageUpdateStream {
  constructor(private readonly reader: ConversationReader) {}

  async render(event: MessageUpdateEvent, position: number): Promise<ConversationStreamEvent | null> {
    const { conversationId, messageId, at } = event.data;
    const message = (await this.reader.loadWrittenMessages(conversationId, position, [messageId])).get(messageId);
    if (message?.type === 'user_message') return { type: 'user_message_new', created: at, messageId, message };
    if (message?.type === 'agent_message') {
      return { type: 'agent_message_new', created: at, configurationId: message.configuration.sId, messageId, message };
    }
    return null;
  }
}
