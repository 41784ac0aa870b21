import type { Conversation, ConversationMessage } from '@app/contracts/http/conversation.types';
import { createContext, useContext } from 'react';

/** What the rows of a conversation need from its page to change its history. */
export interface MessageHistory {
  /** The page shows the conversation as it stood at an instant: read-only, nothing streams. */
  readonly pastView: boolean;
  /** A message the api wrote or changed (a new version, a new answer, a written summary), put where it belongs. */
  readonly place: (message: ConversationMessage) => void;
  /** A fork made from one of the messages: the page opens it. */
  readonly forked: (fork: Conversation) => void;
}

const MessageHistoryContext = createContext<MessageHistory | null>(null);

export const MessageHistoryProvider = MessageHistoryContext.Provider;

/** The conversation page's history, from the nearest MessageHistoryProvider. */
export function useMessageHistory(): MessageHistory {
  const history = useContext(MessageHistoryContext);
  if (history === null) throw new Error('useMessageHistory needs a MessageHistoryProvider above it');
  return history;
}
