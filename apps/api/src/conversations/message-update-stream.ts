import type { MessageDeleted } from '@app/contracts/events/conversation/conversation-message.events';
import type { ConversationStreamEvent } from '@app/contracts/http/conversation.types';
import { Injectable } from '@nestjs/common';
import { ConversationReader } from './conversation-reader';

/**
 * What a conversation's event stream says when a message is deleted, as the real service says it:
 * the deleted version again, as `user_message_new` (a user message) or `agent_message_new` (an
 * answer deleted with it), so that a client showing the conversation shows it deleted at once.
 * The event names only the message: the deleted version is read from the read models once they
 * include the deletion.
 */
@Injectable()
export class DeletedMessageStream {
  constructor(private readonly reader: ConversationReader) {}

  async render(event: MessageDeleted, position: number): Promise<ConversationStreamEvent | null> {
    const { conversationId, messageId, at } = event.data;
    const message = (await this.reader.loadWrittenMessages(conversationId, position, [messageId])).get(messageId);
    if (message?.type === 'user_message') return { type: 'user_message_new', created: at, messageId, message };
    if (message?.type === 'agent_message') {
      return { type: 'agent_message_new', created: at, configurationId: message.configuration.sId, messageId, message };
    }
    return null;
  }
}
