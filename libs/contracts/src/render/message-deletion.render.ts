import type { ConversationMessageDocument } from '../read-models/conversation.read-models';

type RenderedMessage = ConversationMessageDocument['message'];

/**
 * A deleted message as the real service shows it: visibility `deleted`, and nothing of what it
 * said. A user message's content is the word `deleted` (the real service writes that placeholder
 * into the deleted version) without mentions; an agent message keeps its status but loses its text,
 * reasoning and steps. A fragment deleted with the question it was attached to keeps what it
 * describes (as the real service only marks it) but is no longer sent to a model. Compaction
 * messages are never deleted.
 */
export function renderDeletedMessage(message: RenderedMessage): RenderedMessage {
  switch (message.type) {
    case 'user_message':
      return { ...message, visibility: 'deleted', content: 'deleted', mentions: [], richMentions: [] };
    case 'agent_message':
      return { ...message, visibility: 'deleted', content: null, chainOfThought: null, contents: [] };
    case 'content_fragment':
      return { ...message, visibility: 'deleted' };
    default:
      return message;
  }
}

/** Whether a rendered message was deleted: what its run records later must not bring its text back. */
export function isDeletedMessage(message: RenderedMessage): boolean {
  return 'visibility' in message && message.visibility === 'deleted';
}
