import { isConversationEvent, type ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import type { EventStore } from '@app/storage';

/** Every event of a conversation's stream, upcast, in order (for process managers that fold it themselves). */
export async function readConversationEvents(eventStore: EventStore, conversationId: string): Promise<ConversationEvent[]> {
  const recorded = await eventStore.readStream(toConversationStreamName(conversationId));
  return recorded.flatMap((event) => {
    const current = upcast(event);
    return isConversationEvent(current) ? [current] : [];
  });
}
