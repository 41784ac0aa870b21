import type { AgentMessageStreamPayload } from '@app/contracts/http/agent-message-stream.types';
import type { AgentMessage } from '@app/contracts/http/conversation.types';
import { useCallback, useRef, useState } from 'react';
import { agentMessageEventsPath, useApi } from '../api';
import type { StreamEvent } from './event-stream';
import { useEventStream, type EventStreamState } from './use-event-stream';

/** What an answer being written shows: its text and chain of thought so far, and the tools it is calling. */
export interface AgentMessageProgress {
  /** The last event applied; the stream resumes after it. */
  readonly lastEventId: string | null;
  readonly text: string;
  readonly chainOfThought: string;
  /** Tools called so far, by name, with whether each is done. */
  readonly steps: readonly { readonly id: string; readonly name: string; readonly done: boolean }[];
  /** A tool call waits for someone's approval. */
  readonly waitingForApproval: boolean;
}

const NOTHING_YET: AgentMessageProgress = { lastEventId: null, text: '', chainOfThought: '', steps: [], waitingForApproval: false };

const TERMINAL: ReadonlySet<AgentMessageStreamPayload['type']> = new Set(['agent_message_success', 'agent_error', 'agent_generation_cancelled']);

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

  const fetchSettled = useCallback(
    async (signal?: AbortSignal): Promise<AgentMessage | null> => {
      const { message: stored } = await conversations.message(wId, cId, message.sId, { signal });
      return stored.type === 'agent_message' && stored.status !== 'created' ? stored : null;
    },
    [conversations, wId, cId, message.sId],
  );

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

async function settleFromServer(fetchSettled: () => Promise<AgentMessage | null>, onSettled: (message: AgentMessage) => void): Promise<void> {
  // The outcome is in the run's stream before the conversation's read model shows it: ask again briefly.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const settled = await fetchSettled().catch(() => null);
    if (settled !== null) return onSettled(settled);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One event folded into the progress (pure; the spec replays streams through it). */
export function applyEvent(progress: AgentMessageProgress, event: StreamEvent<AgentMessageStreamPayload>): AgentMessageProgress {
  const data = event.data;
  const next = { ...progress, lastEventId: event.eventId };
  switch (data.type) {
    case 'generation_tokens':
      return data.classification === 'chain_of_thought' ? { ...next, chainOfThought: next.chainOfThought + data.text } : { ...next, text: next.text + data.text };
    case 'tool_params':
      return { ...next, steps: [...next.steps.filter((step) => step.id !== data.action.sId), { id: data.action.sId, name: data.action.functionCallName, done: false }] };
    case 'agent_action_success':
      return {
        ...next,
        waitingForApproval: false,
        steps: next.steps.some((step) => step.id === data.action.sId)
          ? next.steps.map((step) => (step.id === data.action.sId ? { ...step, done: true } : step))
          : [...next.steps, { id: data.action.sId, name: data.action.functionCallName, done: true }],
      };
    case 'tool_approve_execution':
      return { ...next, waitingForApproval: true };
    default:
      return next;
  }
}

// Progress kept for the tab's life: a reload resumes from it, another tab starts from the beginning.
const STORAGE_PREFIX = 'agent-message-progress:';

function progressKey(wId: string, mId: string): string {
  return `${STORAGE_PREFIX}${wId}:${mId}`;
}

function loadProgress(key: string): AgentMessageProgress {
  try {
    const saved = sessionStorage.getItem(key);
    if (saved === null) return NOTHING_YET;
    const parsed = JSON.parse(saved) as Partial<AgentMessageProgress>;
    if (typeof parsed.lastEventId !== 'string' || typeof parsed.text !== 'string' || typeof parsed.chainOfThought !== 'string') return NOTHING_YET;
    return { ...NOTHING_YET, ...parsed, steps: Array.isArray(parsed.steps) ? parsed.steps : [] };
  } catch {
    return NOTHING_YET;
  }
}

function saveProgress(key: string, progress: AgentMessageProgress): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(progress));
  } catch {
    // Storage full or refused: a reload then starts the stream from the beginning, which is exact too.
  }
}

/** Drops what was kept of an answer that has ended (the stored message holds it now). */
function forgetProgress(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

