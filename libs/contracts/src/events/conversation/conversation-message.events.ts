import type {
  AgentMessageOutcome,
  AgentMessageStatus,
  AgentSnapshot,
} from './agent-message-event-values';
import type {
  ActingUser,
  AgenticMessageData,
  ContentFragmentContext,
  ContentNodeType,
  ConversationEventBase,
  Mention,
  MentionDisplay,
  MessageFeedback,
  MessageReaction,
  ModelSelection,
  UserMessageContext,
  UserSnapshot,
} from './conversation-event-values';

/**
 * Message events of the `conversation-<sId>` stream: user and agent messages, content fragments,
 * reactions and feedback. `ConversationEvent` (conversation.events.ts) is the union of all of them.
 */

/** Fields of a user message version, shared by posting and editing. */
export type UserMessageData = ConversationEventBase & {
  readonly messageId: string;
  readonly rank: number;
  readonly version: number;
  readonly content: string;
  readonly mentions: readonly Mention[];
  /** How each mention was shown when the message was posted (deduplicated, in order). Since schema v2. */
  readonly mentionDisplays: readonly MentionDisplay[];
  readonly context: UserMessageContext;
  readonly user: UserSnapshot | null;
  readonly agenticMessageData?: AgenticMessageData | null;
  readonly modelSelection?: ModelSelection | null;
};

/** A user message was posted at a new rank (version 0). */
export interface UserMessagePosted {
  readonly type: 'UserMessagePosted';
  readonly data: UserMessageData;
}

/** A new version of a user message: new sId, same rank, version + 1. */
export interface UserMessageEdited {
  readonly type: 'UserMessageEdited';
  readonly data: UserMessageData & { readonly previousMessageId: string };
}

/** An agent message (first version, or a retry: same rank, version + 1) waiting to run. */
export interface AgentMessageCreated {
  readonly type: 'AgentMessageCreated';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly rank: number;
    readonly version: number;
    readonly parentMessageId: string;
    readonly parentAgentMessageId: string | null;
    /** The agent that answers, as it was when mentioned. Since schema v2 (v1 held a wire light configuration). */
    readonly configuration: AgentSnapshot;
    readonly skipToolsValidation: boolean;
    readonly modelSelection: ModelSelection | null;
    /** sId of the version this one retries, when it is a retry. */
    readonly previousMessageId?: string | null;
    /** Set on the copy of an answer that a fork carries over: it is recorded finished, never run. */
    readonly copiedFromMessageId?: string | null;
  };
}

/** An agent message reached a new status; final states carry the outcome. */
export interface AgentMessageStatusChanged {
  readonly type: 'AgentMessageStatusChanged';
  readonly data: ConversationEventBase &
    AgentMessageOutcome & {
      readonly messageId: string;
      readonly status: AgentMessageStatus;
      /** sId of the message's agent, so stream payloads need no lookup. */
      readonly configurationId?: string;
    };
}

/**
 * What the run of a cancelled agent message had produced by the time it stopped (text, reasoning,
 * tool calls, usage). The cancel settles the message at once, with nothing of the run; the runner
 * records this when it has stopped, and the message keeps its `cancelled` status.
 */
export interface AgentMessageCancelledOutcomeRecorded {
  readonly type: 'AgentMessageCancelledOutcomeRecorded';
  // No error or completion time: those stay the cancel's.
  readonly data: ConversationEventBase &
    Omit<AgentMessageOutcome, 'error' | 'completedTs'> & {
      readonly messageId: string;
      readonly configurationId: string;
    };
}

/** A content fragment (inline text, file or content node) was attached at a new rank. */
export interface ContentFragmentAdded {
  readonly type: 'ContentFragmentAdded';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly rank: number;
    /** Shared by every version of the same fragment (a superseding fragment reuses it). */
    readonly contentFragmentId: string;
    readonly version: number;
    readonly title: string;
    readonly contentType: string;
    readonly sourceUrl: string | null;
    readonly context: ContentFragmentContext;
    readonly contentFragmentType: 'file' | 'content_node';
    readonly fileId: string | null;
    readonly nodeId: string | null;
    readonly nodeDataSourceViewId: string | null;
    readonly nodeType: ContentNodeType | null;
    readonly nodeProvider?: string | null;
    readonly nodeSpaceName?: string | null;
    readonly textBytes: number | null;
    readonly snippet: string | null;
    readonly path: string | null;
    readonly processedPath: string | null;
    readonly skipFileProcessing: boolean;
    readonly sourceProvider?: string | null;
    readonly sourceIcon?: string | null;
    /** Text of an inline fragment (no file); null otherwise. */
    readonly textContent: string | null;
  };
}

/** An older version of a content fragment is no longer the latest. */
export interface ContentFragmentSuperseded {
  readonly type: 'ContentFragmentSuperseded';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly contentFragmentId: string;
    readonly supersededByMessageId: string;
  };
}

/** Why a content fragment's content is gone (reference: `expiredReason`). */
export type ContentFragmentExpiredReason = 'data_source_deleted';

/** A content-node fragment lost its content: the data source its view belonged to was deleted. */
export interface ContentFragmentExpired {
  readonly type: 'ContentFragmentExpired';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly contentFragmentId: string;
    readonly reason: ContentFragmentExpiredReason;
    readonly dataSourceId: string;
  };
}

/**
 * A message version was deleted: a user message by its author or an admin, and with it the agent
 * messages that answered it (one event each). Its content is no longer shown nor sent to a model.
 */
export interface MessageDeleted {
  readonly type: 'MessageDeleted';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    /** sId of the user who deleted it (null for a key without a user). */
    readonly deletedBy: string | null;
  };
}

/**
 * The author of a message decided on a pending mention of a member (who did not take part, or was
 * not in the conversation's project): `approved` lets them in, `rejected` leaves them out. One event
 * per message whose latest version mentioned them so.
 */
export interface UserMentionDecided {
  readonly type: 'UserMentionDecided';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    /** sId of the mentioned member. */
    readonly userId: string;
    readonly status: 'approved' | 'rejected';
    /** sId of the member who decided. */
    readonly decidedBy: string;
  };
}

/**
 * The author of a message dismissed a restricted mention of it (a member kept out of the
 * conversation, or an agent kept from answering): its status stands, it is no longer shown as
 * something to act on. One event per message whose latest version mentioned them so.
 */
export interface MentionDismissed {
  readonly type: 'MentionDismissed';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly mentionType: 'agent' | 'user';
    /** sId of the mentioned agent or member. */
    readonly mentionId: string;
    /** sId of the member who dismissed it. */
    readonly dismissedBy: string;
  };
}

/** A user reacted to a message with an emoji. */
export interface ReactionAdded {
  readonly type: 'ReactionAdded';
  readonly data: ConversationEventBase & MessageReaction;
}

/** A user withdrew an emoji reaction. */
export interface ReactionRemoved {
  readonly type: 'ReactionRemoved';
  readonly data: ConversationEventBase & MessageReaction;
}

/** A user gave (or changed) feedback on an agent message. */
export interface AgentMessageFeedbackGiven {
  readonly type: 'AgentMessageFeedbackGiven';
  readonly data: ConversationEventBase & MessageFeedback;
}

/** A user removed their feedback on an agent message. */
export interface AgentMessageFeedbackRemoved {
  readonly type: 'AgentMessageFeedbackRemoved';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly user: ActingUser;
  };
}
