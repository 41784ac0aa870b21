import type { AgentMessageStreamPayload } from '@app/contracts/http/agent-message-stream.types';
import { stepOf, type AgentStep } from './actions/agent-step';
import { pendingApprovalOf, type PendingApproval } from './actions/pending-approval';
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
  /** Tools called so far, with their inputs and, once done, their output. */
  readonly steps: readonly AgentStep[];
  /** Tool calls that wait for someone's approval or answer; each leaves when its call ends. */
  readonly approvals: readonly PendingApproval[];
}

export const NOTHING_YET: AgentMessageProgress = { lastEventId: null, text: '', chainOfThought: '', steps: [], approvals: [] };

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
      return { ...next, steps: [...next.steps.filter((step) => step.id !== data.action.sId), stepOf(data.action)] };
    case 'agent_action_success': {
      const done = stepOf(data.action);
      return {
        ...next,
        approvals: next.approvals.filter((approval) => approval.actionId !== done.id),
        steps: next.steps.some((step) => step.id === done.id) ? next.steps.map((step) => (step.id === done.id ? done : step)) : [...next.steps, done],
      };
    }
    case 'tool_approve_execution':
    case 'tool_ask_user_question':
      return { ...next, approvals: [...next.approvals.filter((approval) => approval.actionId !== data.actionId), pendingApprovalOf(data)] };
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
    // Kept by an older page, a step or an approval of another shape is left out rather than drawn broken.
    const steps = Array.isArray(parsed.steps) ? parsed.steps.filter((step) => typeof step?.status === 'string' && typeof step.params === 'object') : [];
    const approvals = Array.isArray(parsed.approvals) ? parsed.approvals.filter((approval) => typeof approval?.actionId === 'string') : [];
    return { ...NOTHING_YET, ...parsed, steps, approvals };
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

