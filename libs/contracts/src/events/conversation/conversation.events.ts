import type { ConversationCreation, ConversationEventBase, ConversationVisibility, JsonObject } from './conversation-event-values';
import type {
  AgentMessageCreated,
  AgentMessageFeedbackGiven,
  AgentMessageFeedbackRemoved,
  AgentMessageStatusChanged,
  AgentMessageCancelledOutcomeRecorded,
  ContentFragmentAdded,
  ContentFragmentSuperseded,
  ContentFragmentExpired,
  MessageDeleted,
  UserMentionDecided,
  MentionDismissed,
  ReactionAdded,
  ReactionRemoved,
  UserMessageEdited,
  UserMessagePosted,
} from './conversation-message.events';

import type { CompactionMessageCompleted, CompactionMessageCreated } from './conversation-compaction.events';
import type { ConversationForked, ForkFileCopyCompleted, ForkFileCopyFailed, ForkPrepared } from './conversation-fork.events';

export type * from './conversation-message.events';
export type * from './conversation-compaction.events';
export type * from './conversation-fork.events';

/**
 * Events of the `conversation-<sId>` stream. Names are never changed once written; adding an
 * optional field is free, anything else needs a schemaVersion bump and an upcaster (upcast.ts).
 * Conversation-level events are here, message events in conversation-message.events.ts, and the
 * facts they record in conversation-facts.ts and agent-message-facts.ts.
 */

/** A conversation was created (first event of its stream). */
export interface ConversationCreated {
  readonly type: 'ConversationCreated';
  readonly data: ConversationEventBase & ConversationCreation;
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

/** The conversation moved into a project space (`PATCH …/conversations/{cId}` `{spaceId}`). */
export interface ConversationMovedToProject {
  readonly type: 'ConversationMovedToProject';
  readonly data: ConversationEventBase & { readonly spaceId: string };
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

/** Every event of a conversation stream. */
export type ConversationEvent =
  | ConversationCreated
  | ConversationTitleChanged
  | ConversationVisibilityChanged
  | ConversationMetadataChanged
  | ConversationMovedToProject
  | ConversationDeleted
  | ConversationReadStateChanged
  | UserMessagePosted
  | UserMessageEdited
  | AgentMessageCreated
  | AgentMessageStatusChanged
  | AgentMessageCancelledOutcomeRecorded
  | ContentFragmentAdded
  | ContentFragmentSuperseded
  | ContentFragmentExpired
  | MessageDeleted
  | UserMentionDecided
  | MentionDismissed
  | ReactionAdded
  | ReactionRemoved
  | AgentMessageFeedbackGiven
  | AgentMessageFeedbackRemoved
  | CompactionMessageCreated
  | CompactionMessageCompleted
  | ConversationForked
  | ForkFileCopyFailed
  | ForkFileCopyCompleted
  | ForkPrepared;

/** Type names of the conversation events. */
export type ConversationEventType = ConversationEvent['type'];

/** The conversation events about one message version, which each name by `data.messageId`. */
export const CONVERSATION_MESSAGE_EVENT_TYPES = [
  'UserMessagePosted',
  'UserMessageEdited',
  'AgentMessageCreated',
  'AgentMessageStatusChanged',
  'AgentMessageCancelledOutcomeRecorded',
  'ContentFragmentAdded',
  'ContentFragmentSuperseded',
  'ContentFragmentExpired',
  'MessageDeleted',
  'UserMentionDecided',
  'MentionDismissed',
  'ReactionAdded',
  'ReactionRemoved',
  'AgentMessageFeedbackGiven',
  'AgentMessageFeedbackRemoved',
  'CompactionMessageCreated',
  'CompactionMessageCompleted',
  'ForkFileCopyCompleted',
  'ForkFileCopyFailed',
] as const satisfies readonly ConversationEventType[];

/** A conversation event about one message version. */
export type ConversationMessageEvent = Extract<ConversationEvent, { type: (typeof CONVERSATION_MESSAGE_EVENT_TYPES)[number] }>;

/** All conversation event types, for `canHandle` lists and subscriptions. */
export const CONVERSATION_EVENT_TYPES = [
  'ConversationCreated',
  'ConversationTitleChanged',
  'ConversationVisibilityChanged',
  'ConversationMetadataChanged',
  'ConversationMovedToProject',
  'ConversationDeleted',
  'ConversationReadStateChanged',
  'ConversationForked',
  'ForkPrepared',
  ...CONVERSATION_MESSAGE_EVENT_TYPES,
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
  'ConversationMovedToProject',
  'UserMessagePosted',
  'UserMessageEdited',
  'AgentMessageCreated',
  'AgentMessageStatusChanged',
  'ContentFragmentAdded',
  'MessageDeleted',
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
