import type { ConversationMessageDocument } from '../read-models/conversation.read-models';

type RenderedMessage = ConversationMessageDocument['message'];

/**
 * A deleted message as the real service shows it: visibility `deleted`, and nothing of what it
 * said. A user message's content is the word `deleted` (the real service writes that placeholder
 * into the deleted version) without mentions; an agent message keeps its status but loses its text,
 * reasoning and steps. Fragments and compaction messages are not deleted this way: unchanged.
 */
export function renderDeletedMessage(message: RenderedMessage): RenderedMessage {
  switch (message.type) {
    case 'user_message':
      return { ...message, visibility: 'deleted', content: 'deleted', mentions: [], richMentions: [] };
    case 'agent_message':
      return { ...message, visibility: 'deleted', content: null, chainOfThought: null, contents: [] };
    default:
      return message;
  }
}

/** Whether a rendered message was deleted: what its run records later must not bring its text back. */
export function isDeletedMessage(message: RenderedMessage): boolean {
  return 'visibility' in message && message.visibility === 'deleted';
}
