import type { AgentMessageStreamPayload } from '@app/contracts/http/agent-message-stream.types';
import type { AgentMessage } from '@app/contracts/http/conversation.types';
import { useCallback, useRef, useState } from 'react';
import { agentMessageEventsPath, useApi, type ConversationsApi } from '../api';
import { applyEvent, forgetProgress, loadProgress, progressKey, saveProgress, TERMINAL, type AgentMessageProgress } from './agent-message-progress';
import { useEventStream, type EventStreamState } from './use-event-stream';

export interface AgentMessageStream {
  readonly progress: AgentMessageProgress;
  readonly stream: EventStreamState;
}

/**
 * Follows an agent message while it is written (status `created`): the tokens append to its text as
 * they arrive, and what was applied is kept in the tab's session storage with the last event id, so
 * a reload shows the text at once and resumes after that id (never the same token twice). When the
 * answer ends, `onSettled` gets the message as stored (succeeded, failed or cancelled).
 */
export function useAgentMessageStream(wId: string, cId: string, message: AgentMessage, onSettled: (message: AgentMessage) => void): AgentMessageStream {
  const { conversations } = useApi();
  const key = progressKey(wId, message.sId);
  const [progress, setProgress] = useState<AgentMessageProgress>(() => loadProgress(key));
  // The applied events, ahead of React's state: a batch is folded into it at once, then drawn.
  const applied = useRef(progress);
  const settledMessage = useRef<AgentMessage | null>(null);

  const fetchSettled = useCallback((signal?: AbortSignal) => storedIfSettled(conversations, wId, cId, message.sId, signal), [conversations, wId, cId, message.sId]);

  const stream = useEventStream<AgentMessageStreamPayload>(agentMessageEventsPath(wId, cId, message.sId), {
    lastEventId: () => applied.current.lastEventId,
    isTerminal: (data) => TERMINAL.has(data.type),
    deliver: (events) => {
      let next = applied.current;
      for (const event of events) next = applyEvent(next, event);
      applied.current = next;
      const last = events.at(-1)!;
      if (last.data.type === 'agent_message_success') settledMessage.current = last.data.message;
      if (TERMINAL.has(last.data.type)) forgetProgress(key);
      else saveProgress(key, next);
      setProgress(next);
    },
    hasEnded: async (signal) => {
      settledMessage.current = await fetchSettled(signal).catch(() => null);
      return settledMessage.current !== null;
    },
    onEnd: () => {
      forgetProgress(key);
      const settled = settledMessage.current;
      // An error or a cancellation carries no message: the stored one says how it ended.
      if (settled !== null) onSettled(settled);
      else void settleFromServer(fetchSettled, onSettled);
    },
  });

  return { progress, stream };
}

/** The agent message as stored once it has ended; null while it is being written. */
export async function storedIfSettled(conversations: ConversationsApi, wId: string, cId: string, mId: string, signal?: AbortSignal): Promise<AgentMessage | null> {
  const { message: stored } = await conversations.message(wId, cId, mId, { signal });
  return stored.type === 'agent_message' && stored.status !== 'created' ? stored : null;
}

/** Asks for an ended answer as stored until the api shows it ended (briefly), then hands it to `onSettled`. */
export async function settleFromServer(fetchSettled: () => Promise<AgentMessage | null>, onSettled: (message: AgentMessage) => void): Promise<void> {
  // The outcome is in the log before the conversation's read model shows it: ask again briefly.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const settled = await fetchSettled().catch(() => null);
    if (settled !== null) return onSettled(settled);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
