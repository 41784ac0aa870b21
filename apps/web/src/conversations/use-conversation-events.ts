import type { ConversationStreamEvent } from '@app/contracts/http/conversation.types';
import { useEffect, useRef } from 'react';
import { conversationEventsPath } from '../api';
import { useEventStream } from './use-event-stream';

/**
 * Follows a conversation's event stream from what the page shows (`from`, the `lastEventId` its
 * read answered; null: not now), so that messages others post, the answers they start and a title
 * written later appear without a reload. The stream has no end: the server closes a quiet one after
 * a few minutes, and the page reconnects after the last event it applied.
 */
export function useConversationEvents(wId: string, cId: string, from: string | null, onEvent: (event: ConversationStreamEvent) => void): void {
  const last = useRef(from);
  // Declared before the stream's own effect, so a new starting point is in place when it (re)connects;
  // the page passes null while it reads again, which ends the stream until it has read.
  useEffect(() => {
    last.current = from;
  }, [from]);
  useEventStream<ConversationStreamEvent>(from === null ? null : conversationEventsPath(wId, cId), {
    lastEventId: () => last.current,
    deliver: (events) => {
      for (const event of events) {
        last.current = event.eventId;
        onEvent(event.data);
      }
    },
    isTerminal: () => false,
    hasEnded: () => Promise.resolve(false),
    onEnd: () => undefined,
  });
}
