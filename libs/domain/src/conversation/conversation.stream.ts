/** Stream category of conversations. */
export const CONVERSATION_STREAM_CATEGORY = 'conversation';

/** Name of a conversation's event stream: `conversation-<sId>`. */
export function toConversationStreamName(conversationId: string): string {
  return `${CONVERSATION_STREAM_CATEGORY}-${conversationId}`;
}

/** The conversation sId of a stream name, or null when the stream is not a conversation's. */
export function fromConversationStreamName(streamName: string): string | null {
  const prefix = `${CONVERSATION_STREAM_CATEGORY}-`;
  return streamName.startsWith(prefix) ? streamName.slice(prefix.length) : null;
}
