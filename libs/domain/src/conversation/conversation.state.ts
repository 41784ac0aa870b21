import type { AgentMessageStatus, AgentSnapshot } from '@app/contracts/events/conversation/agent-message-event-values';
import type {
  AgenticMessageData,
  ConversationVisibility,
  JsonObject,
  ModelSelection,
  UserMessageContext,
  UserSnapshot,
} from '@app/contracts/events/conversation/conversation-event-values';
import type { LayeredMap } from './layered-map';

// Keys of the maps below come from clients (an emoji, a message id in a path) or name users: Maps,
// not objects, so that `__proto__` or `toString` is a key like any other, never a prototype member.

/** User sIds who reacted, by emoji. */
export type ReactionsState = ReadonlyMap<string, readonly string[]>;

/** What every message version holds, whatever its kind. */
export interface MessageStateBase {
  readonly sId: string;
  readonly rank: number;
  readonly version: number;
  /** Whether this is the latest version of its rank. */
  readonly isLatest: boolean;
  readonly reactions: ReactionsState;
  /** Deleted (MessageDeleted): shown as such, never sent to a model again. */
  readonly deleted?: boolean;
}

/** A version of a user message. */
export interface UserMessageState extends MessageStateBase {
  readonly kind: 'user_message';
  /** Kept so an edit can carry the author and context over to the new version. */
  readonly user: UserSnapshot | null;
  readonly context: UserMessageContext;
  readonly agenticMessageData: AgenticMessageData | null;
  /** Members this version mentioned with a pending status, until its author decides on them. */
  readonly pendingMentions?: readonly string[];
  /**
   * Agents and members this version mentioned with a restricted status, as `mentionKey` names them,
   * until its author dismisses them.
   */
  readonly restrictedMentions?: readonly string[];
}

/** One user's feedback on an agent message. */
export interface FeedbackState {
  readonly thumbDirection: 'up' | 'down';
  readonly content: string | null;
  readonly isConversationShared: boolean;
}

/** A version of an agent message. */
export interface AgentMessageState extends MessageStateBase {
  readonly kind: 'agent_message';
  readonly status: AgentMessageStatus;
  readonly parentMessageId: string;
  readonly parentAgentMessageId: string | null;
  /** Kept so a retry can reuse the agent snapshot and run options. */
  readonly configuration: AgentSnapshot;
  readonly skipToolsValidation: boolean;
  readonly modelSelection: ModelSelection | null;
  /**
   * A cancel settled the message with nothing of its run: the run's own outcome, when it stops, is
   * still to be recorded on it (AgentMessageCancelledOutcomeRecorded).
   */
  readonly awaitsCancelledOutcome: boolean;
  /** Feedback by user sId. */
  readonly feedback: ReadonlyMap<string, FeedbackState>;
}

/** A content fragment. */
export interface ContentFragmentState extends MessageStateBase {
  readonly kind: 'content_fragment';
  readonly contentFragmentId: string;
  readonly superseded: boolean;
  /** Set once its content is gone (its data source was deleted). */
  readonly expired?: boolean;
}

/** A compaction message: what it covers, and whether its summary is there yet. */
export interface CompactionMessageState extends MessageStateBase {
  readonly kind: 'compaction_message';
  readonly status: 'created' | 'succeeded' | 'failed';
  readonly coversUpToRank: number;
}

/** Any message slot version. */
export type MessageState = UserMessageState | AgentMessageState | ContentFragmentState | CompactionMessageState;

/** Before ConversationCreated. */
export interface InitialConversationState {
  readonly status: 'initial';
}

/** A conversation that exists (`deleted` answers like a missing one). */
export interface ExistingConversationState {
  readonly status: 'active' | 'deleted';
  readonly conversationId: string;
  readonly workspaceId: string;
  readonly title: string | null;
  readonly visibility: ConversationVisibility;
  readonly depth: number;
  readonly metadata: JsonObject | null;
  /** The project it belongs to, or null. */
  readonly spaceId?: string | null;
  /** Epoch ms of the last activity (see CONVERSATION_ACTIVITY_EVENT_TYPES). */
  readonly updatedAt: number;
  /** Next free rank = number of message slots (ranks are dense). */
  readonly nextRank: number;
  /** Every message version, by sId. */
  /** By sId; a LayeredMap so that adding or updating one message does not copy all of them. */
  readonly messages: LayeredMap<string, MessageState>;
  /** Last read time by user sId; null after an explicit "mark unread". */
  readonly readAt: ReadonlyMap<string, number | null>;
  /** sId of the compaction message being written; posting waits for it to end. */
  readonly compactingMessageId: string | null;
  /** When that compaction started (epoch ms): one its writer never ended stops blocking after a while. */
  readonly compactingSince: number;
  /** Ranks below this one are covered by a successful compaction (0: none). */
  readonly compactedUpToRank: number;
  /** A fork whose files are still being copied; posting waits for ForkPrepared. */
  readonly forkPreparing: boolean;
  /** When the fork's preparation started (its creation). */
  readonly forkPreparingSince: number;
}

/** What `decide` needs to know about a conversation. */
export type ConversationState = InitialConversationState | ExistingConversationState;

/** State before any event. */
export function initialConversationState(): ConversationState {
  return { status: 'initial' };
}

/** Whether `userId` has read everything up to the last activity. */
export function hasRead(state: ExistingConversationState, userId: string): boolean {
  const readAt = state.readAt.get(userId);
  return readAt !== undefined && readAt !== null && readAt >= state.updatedAt;
}
