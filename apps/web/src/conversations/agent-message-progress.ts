import type { AgentMessageStreamPayload } from '@app/contracts/http/agent-message-stream.types';
import type { StreamEvent } from './event-stream';

// An answer as far as its stream has been applied, and how it is kept in the tab's session storage
// so that a reload resumes after the last event applied. Plain functions: the spec replays streams
// through them, cut anywhere.

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

export const NOTHING_YET: AgentMessageProgress = { lastEventId: null, text: '', chainOfThought: '', steps: [], waitingForApproval: false };

/** Payload types after which an agent message's stream ends. */
export const TERMINAL: ReadonlySet<AgentMessageStreamPayload['type']> = new Set(['agent_message_success', 'agent_error', 'agent_generation_cancelled']);

/** One event folded into the progress. */
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

/** Where an answer's progress is kept, by workspace and message. */
export function progressKey(wId: string, mId: string): string {
  return `${STORAGE_PREFIX}${wId}:${mId}`;
}

/** The progress kept for an answer, or nothing yet (none kept, unreadable, or no storage). */
export function loadProgress(key: string): AgentMessageProgress {
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

/** Keeps the progress after a batch of events; it is the resume point of the next connection after a reload. */
export function saveProgress(key: string, progress: AgentMessageProgress): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(progress));
  } catch {
    // Storage full or refused: a reload then starts the stream from the beginning, which is exact too.
  }
}

/** Drops what was kept of an answer that has ended (the stored message holds it now). */
export function forgetProgress(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

