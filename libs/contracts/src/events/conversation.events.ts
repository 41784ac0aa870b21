import type {
  AgentAction,
  AgentMessageError,
  AgentMessageStatus,
  AgentRawContent,
  AgentStepContent,
  AgenticMessageData,
  ContentFragmentContext,
  ContentNodeType,
  ConversationVisibility,
  JsonObject,
  LightAgentConfiguration,
  Mention,
  ModelResolutionMethod,
  ModelSelection,
  ResolvedModel,
  RichMention,
  UserMessageContext,
} from '../http/conversation.types';

/**
 * Events of the `conversation-<sId>` stream. Names are never changed once written; adding an
 * optional field is free, anything else needs a schemaVersion bump and an upcaster.
 */

/** Fields every conversation event carries. `at` is epoch ms. (Type aliases, so event data is a JsonObject.) */
export type ConversationEventBase = {
  readonly conversationId: string;
  readonly workspaceId: string;
  readonly at: number;
};

/** A user as captured when they acted. The optional fields fill the client's User shape. */
export interface UserSnapshot {
  readonly sId: string;
  readonly username: string;
  readonly fullName: string;
  readonly email: string;
  readonly image: string | null;
  /** Numeric id of the user (stable, derived from the log by the identity side). */
  readonly id?: number;
  readonly createdAt?: number;
  readonly provider?: string | null;
  readonly firstName?: string;
  readonly lastName?: string | null;
}

/** Who reacted or gave feedback. */
export interface ActingUser {
  readonly userId: string;
  readonly username: string;
  readonly fullName: string | null;
  /** Numeric user id, needed by the Feedback wire shape. */
  readonly id?: number;
}

/** A conversation was created (first event of its stream). */
export interface ConversationCreated {
  readonly type: 'ConversationCreated';
  readonly data: ConversationEventBase & {
    readonly title: string | null;
    readonly visibility: ConversationVisibility;
    readonly depth: number;
    readonly spaceId: string | null;
    readonly metadata: JsonObject | null;
    readonly triggerId: string | null;
    readonly requestedSpaceIds: readonly string[];
    readonly createdBy: UserSnapshot | null;
  };
}

/** The title was set or cleared. */
export interface ConversationTitleChanged {
  readonly type: 'ConversationTitleChanged';
  readonly data: ConversationEventBase & { readonly title: string | null };
}

/** Visibility moved between `unlisted` and `test` (deletion has its own event). */
export interface ConversationVisibilityChanged {
  readonly type: 'ConversationVisibilityChanged';
  readonly data: ConversationEventBase & { readonly visibility: ConversationVisibility };
}

/** The free-form metadata was replaced. */
export interface ConversationMetadataChanged {
  readonly type: 'ConversationMetadataChanged';
  readonly data: ConversationEventBase & { readonly metadata: JsonObject | null };
}

/** The conversation was deleted; it answers 404 from now on. */
export interface ConversationDeleted {
  readonly type: 'ConversationDeleted';
  readonly data: ConversationEventBase & { readonly deletedBy: string | null };
}

/** A user marked the conversation read (now) or unread. */
export interface ConversationReadStateChanged {
  readonly type: 'ConversationReadStateChanged';
  readonly data: ConversationEventBase & { readonly userId: string; readonly read: boolean };
}

/** Fields of a user message version, shared by posting and editing. */
export type UserMessageData = ConversationEventBase & {
  readonly messageId: string;
  readonly rank: number;
  readonly version: number;
  readonly content: string;
  readonly mentions: readonly Mention[];
  /** Mentions with display data, captured when the message was posted. */
  readonly richMentions: readonly RichMention[];
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
    readonly configuration: LightAgentConfiguration;
    readonly skipToolsValidation: boolean;
    readonly modelSelection: ModelSelection | null;
    /** sId of the version this one retries, when it is a retry. */
    readonly previousMessageId?: string | null;
  };
}

/** Outcome of an agent run, recorded with the final status. */
export type AgentMessageOutcome = {
  readonly content?: string | null;
  readonly chainOfThought?: string | null;
  readonly error?: AgentMessageError | null;
  readonly actions?: readonly AgentAction[];
  readonly contents?: readonly AgentStepContent[];
  readonly rawContents?: readonly AgentRawContent[];
  readonly completionDurationMs?: number | null;
  readonly costCredits?: number | null;
  readonly resolvedModel?: ResolvedModel | null;
  readonly modelResolutionMethod?: ModelResolutionMethod | null;
  readonly completedTs?: number | null;
};

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

/** A user reacted to a message with an emoji. */
export interface ReactionAdded {
  readonly type: 'ReactionAdded';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly emoji: string;
    readonly user: ActingUser;
  };
}

/** A user withdrew an emoji reaction. */
export interface ReactionRemoved {
  readonly type: 'ReactionRemoved';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly emoji: string;
    readonly user: ActingUser;
  };
}

/** A user gave (or changed) feedback on an agent message. */
export interface AgentMessageFeedbackGiven {
  readonly type: 'AgentMessageFeedbackGiven';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly user: ActingUser;
    readonly thumbDirection: 'up' | 'down';
    readonly content: string | null;
    readonly isConversationShared: boolean;
  };
}

/** A user removed their feedback on an agent message. */
export interface AgentMessageFeedbackRemoved {
  readonly type: 'AgentMessageFeedbackRemoved';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly user: ActingUser;
  };
}

/** Every event of a conversation stream. */
export type ConversationEvent =
  | ConversationCreated
  | ConversationTitleChanged
  | ConversationVisibilityChanged
  | ConversationMetadataChanged
  | ConversationDeleted
  | ConversationReadStateChanged
  | UserMessagePosted
  | UserMessageEdited
  | AgentMessageCreated
  | AgentMessageStatusChanged
  | ContentFragmentAdded
  | ContentFragmentSuperseded
  | ReactionAdded
  | ReactionRemoved
  | AgentMessageFeedbackGiven
  | AgentMessageFeedbackRemoved;

/** Type names of the conversation events. */
export type ConversationEventType = ConversationEvent['type'];

/** All conversation event types, for `canHandle` lists and subscriptions. */
export const CONVERSATION_EVENT_TYPES = [
  'ConversationCreated',
  'ConversationTitleChanged',
  'ConversationVisibilityChanged',
  'ConversationMetadataChanged',
  'ConversationDeleted',
  'ConversationReadStateChanged',
  'UserMessagePosted',
  'UserMessageEdited',
  'AgentMessageCreated',
  'AgentMessageStatusChanged',
  'ContentFragmentAdded',
  'ContentFragmentSuperseded',
  'ReactionAdded',
  'ReactionRemoved',
  'AgentMessageFeedbackGiven',
  'AgentMessageFeedbackRemoved',
] as const satisfies readonly ConversationEventType[];

/**
 * Events that move the conversation's `updated` time (and so make it unread for those who read it
 * before). Reactions, feedback and read state do not. Shared by the decider and the projection.
 */
export const CONVERSATION_ACTIVITY_EVENT_TYPES: readonly ConversationEventType[] = [
  'ConversationCreated',
  'ConversationTitleChanged',
  'ConversationVisibilityChanged',
  'ConversationMetadataChanged',
  'UserMessagePosted',
  'UserMessageEdited',
  'AgentMessageCreated',
  'AgentMessageStatusChanged',
  'ContentFragmentAdded',
];

const CONVERSATION_EVENT_TYPE_SET: ReadonlySet<string> = new Set(CONVERSATION_EVENT_TYPES);

/** Narrows a stored `{type, data}` to a conversation event (by type; data is trusted once upcast). */
export function isConversationEvent(e: { type: string; data: unknown }): e is ConversationEvent {
  return CONVERSATION_EVENT_TYPE_SET.has(e.type) && typeof e.data === 'object' && e.data !== null;
}

/** Whether an event moves the conversation's `updated` time. */
export function isConversationActivity(event: ConversationEvent): boolean {
  return CONVERSATION_ACTIVITY_EVENT_TYPES.includes(event.type);
}
