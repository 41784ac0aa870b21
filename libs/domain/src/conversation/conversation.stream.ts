import { streamIdOf, streamNameOf } from '@app/contracts/events/stream-name';

/** Stream category of conversations. */
export const CONVERSATION_STREAM_CATEGORY = 'conversation';

/** Name of a conversation's event stream: `conversation-<sId>`. */
export function toConversationStreamName(conversationId: string): string {
  return streamNameOf(CONVERSATION_STREAM_CATEGORY, conversationId);
}

/** The conversation sId of a stream name, or null when the stream is not a conversation's. */
export function fromConversationStreamName(streamName: string): string | null {
  return streamIdOf(CONVERSATION_STREAM_CATEGORY, streamName);
}
