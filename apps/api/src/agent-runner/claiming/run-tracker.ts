import {
  fromAgentMessageStreamName,
  isAgentRunEvent,
  isAgentRunTerminal,
} from '@app/contracts/events/agent-run.events';
import {
  isConversationEvent,
  type AgentMessageCreated,
  type AgentMessageStatusChanged,
} from '@app/contracts/events/conversation/conversation.events';
import type { RecordedEvent } from '@app/storage';

/** A runner's hold on a message, as last seen in its run stream. */
export interface RunClaim {
  readonly runnerId: string;
  readonly leaseUntil: number;
}

/** An agent message whose run stream has no terminal event yet. */
export interface TrackedMessage {
  readonly messageId: string;
  readonly created: AgentMessageCreated;
  /** Global position of `AgentMessageCreated`: the message's numeric id. */
  readonly createdPosition: number;
  claim: RunClaim | null;
  /** Revision of the last event of the run stream; -1 while it does not exist. */
  lastRevision: number;
  /** The final status recorded on the conversation, if any (cancelled by a user, or completed). */
  finalStatus: { readonly event: AgentMessageStatusChanged; readonly position: number } | null;
}

/** What an event meant for the tracked messages. */
export type TrackerChange =
  | { readonly kind: 'created'; readonly message: TrackedMessage }
  | { readonly kind: 'cancelled'; readonly message: TrackedMessage }
  | { readonly kind: 'settled'; readonly messageId: string }
  | { readonly kind: 'none' };

const NONE: TrackerChange = { kind: 'none' };

/** The message an event creates that a run must answer, as yet unclaimed; null for any other event. */
export function messageToRun(event: RecordedEvent): TrackedMessage | null {
  if (!isConversationEvent(event) || event.type !== 'AgentMessageCreated') return null;
  // A fork's copy of a finished answer is recorded with its outcome: there is nothing to run.
  if (event.data.copiedFromMessageId) return null;
  return { messageId: event.data.messageId, created: event, createdPosition: event.position, claim: null, lastRevision: -1, finalStatus: null };
}

/**
 * Folds the global log into the set of agent messages still to settle (pure, no I/O). The runner
 * rebuilds it at startup from its checkpoint, which is kept at or before the oldest tracked
 * message's creation, so nothing in flight is ever forgotten across restarts.
 */
export class RunTracker {
  private readonly messages = new Map<string, TrackedMessage>();
  private lastPosition = 0;

  constructor(startPosition = 0) {
    this.lastPosition = startPosition;
  }

  apply(event: RecordedEvent): TrackerChange {
    this.lastPosition = Math.max(this.lastPosition, event.position);
    if (isConversationEvent(event)) {
      if (event.type === 'AgentMessageCreated') {
        const message = messageToRun(event);
        if (!message || this.messages.has(message.messageId)) return NONE;
        this.messages.set(message.messageId, message);
        return { kind: 'created', message };
      }
      if (event.type === 'AgentMessageStatusChanged' && event.data.status !== 'created') {
        const message = this.messages.get(event.data.messageId);
        if (!message || message.finalStatus) return NONE;
        message.finalStatus = { event, position: event.position };
        return event.data.status === 'cancelled' ? { kind: 'cancelled', message } : NONE;
      }
      return NONE;
    }
    const messageId = fromAgentMessageStreamName(event.streamName);
    if (messageId === null || !isAgentRunEvent(event)) return NONE;
    const message = this.messages.get(messageId);
    if (!message) return NONE;
    message.lastRevision = Math.max(message.lastRevision, event.revision);
    if (isAgentRunTerminal(event)) {
      this.messages.delete(messageId);
      return { kind: 'settled', messageId };
    }
    if (event.type === 'AgentRunStarted' || event.type === 'AgentRunLeaseExtended' || event.type === 'AgentRunResumed') {
      message.claim = { runnerId: event.data.runnerId, leaseUntil: event.data.leaseUntil };
    }
    // A released claim lapses at once: the next sweep takes the run over.
    if (event.type === 'AgentRunReleased') message.claim = { runnerId: event.data.runnerId, leaseUntil: 0 };
    return NONE;
  }

  get(messageId: string): TrackedMessage | undefined {
    return this.messages.get(messageId);
  }

  /** Messages still to settle, oldest first. */
  pending(): TrackedMessage[] {
    return [...this.messages.values()].sort((a, b) => a.createdPosition - b.createdPosition);
  }

  /** Position of the last event applied. */
  get position(): number {
    return this.lastPosition;
  }

  /**
   * Where a restart must read from so that every unsettled message is seen again from its
   * creation: just before the oldest one, or the last position when nothing is in flight.
   */
  checkpoint(): number {
    let low = this.lastPosition;
    for (const message of this.messages.values()) low = Math.min(low, message.createdPosition - 1);
    return Math.max(0, low);
  }
}
