import type { ForkOrigin, UserSnapshot } from '../events/conversation/conversation-event-values';
import type {
  AgentMessageFeedbackWire,
  ConversationMessage,
  ConversationVisibility,
  JsonObject,
} from '../http/conversation.types';

/**
 * Feedback of one user on one agent message, as kept in the message document: the wire
 * Feedback, except that the user is known by sId (the wire wants the numeric id, kept beside it).
 */
export interface ConversationFeedbackRecord extends Omit<AgentMessageFeedbackWire, 'userId'> {
  /** User sId. */
  readonly userId: string;
  /** Numeric user id when the event carried it. */
  readonly userModelId: number | null;
}

/** Feedback as the message document keeps it: with the log position it was last given at (list order). */
export interface StoredFeedbackRecord extends ConversationFeedbackRecord {
  readonly givenPosition: number;
}

/** An agent message known by the header, with its rank (to tell whether a later version replaced it). */
export interface AgentMessageAtRank {
  readonly sId: string;
  /** -1 when the header never saw the message created (it cannot be replaced by rank then). */
  readonly rank: number;
}

/**
 * Header of a conversation (`conversations` collection, document id = conversation sId): everything
 * the list shape needs, and nothing that grows with the number of messages, so that writing it costs
 * the same in a conversation of any length. The messages are `conversation_messages` documents.
 * Numeric ids are global log positions of the creating events, so replays give the same ids.
 */
export interface ConversationDocument {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly created: number;
  readonly updated: number;
  readonly title: string | null;
  readonly visibility: ConversationVisibility;
  readonly depth: number;
  readonly spaceId: string | null;
  readonly triggerId: string | null;
  readonly metadata: JsonObject | null;
  readonly requestedSpaceIds: readonly string[];
  /** sId of the creator (null when created by an API key without a user). */
  readonly createdBy: string | null;
  /** sIds of users who created the conversation or posted in it, in order of arrival. */
  readonly participants: readonly string[];
  /** Last read time by user sId; null after an explicit "mark unread". */
  readonly readState: Readonly<Record<string, number | null>>;
  /** The latest version of some agent message failed. */
  readonly hasError: boolean;
  /** Some agent message waits for a user action (tool validation); false until such events exist. */
  readonly actionRequired: boolean;
  /** Deleted conversations stay (history) but answer 404 everywhere. */
  readonly deleted: boolean;
  /** One more than the highest message rank (0 when empty): ranks are dense, so pages are rank ranges. */
  readonly nextRank: number;
  /** Agent messages still running (status `created`), so that a failure can be placed at its rank. */
  readonly runningAgentMessages: readonly AgentMessageAtRank[];
  /** Failed agent messages no later version replaced yet: `hasError` is whether there is one. */
  readonly failedAgentMessages: readonly AgentMessageAtRank[];
  /** Where this conversation was forked from (absent on conversations that are not forks). */
  readonly forkedFrom?: ForkOrigin | null;
  /** `pending` while a fork's files are being copied, `done` once it is prepared; absent when not a fork. */
  readonly fileCopyStatus?: 'pending' | 'done';
  /** Conversations forked from this one, oldest first. */
  readonly forkedChildren?: readonly ForkedChildRecord[];
  /** A compaction message is being written (absent on conversations never compacted). */
  readonly compacting?: boolean;
  /** The compaction being written, and when it started. */
  readonly compaction?: { readonly messageId: string; readonly startedAt: number } | null;
  /** Global position of the last event applied (idempotency guard). */
  readonly lastPosition: number;
  /**
   * Revision, in the conversation's stream, of the last event applied: the `lastEventId` after
   * which its event stream goes on from what this document shows. Absent on documents of an earlier
   * layout.
   */
  readonly lastRevision?: number;
}

/** A child of a conversation, as its header keeps it. */
export interface ForkedChildRecord {
  readonly childConversationId: string;
  readonly childConversationTitle: string | null;
  readonly sourceMessageId: string;
  readonly branchedAt: number;
  readonly user: UserSnapshot;
}

/**
 * One message version (`conversation_messages` collection, id from `conversationMessageDocumentId`),
 * already in wire shape; content fragments keep a relative `textUrl` that the renderer prefixes
 * with the base URL. A conversation's content is one indexed find by `conversationId` ordered by
 * `rank`, then `createdPosition` (versions oldest first).
 */
export interface ConversationMessageDocument {
  [key: string]: unknown;
  readonly conversationId: string;
  readonly rank: number;
  /** Log position of the event that created this version. */
  readonly createdPosition: number;
  readonly message: ConversationMessage;
  /** Feedback given on this agent message (always empty for other kinds). */
  readonly feedbacks: readonly StoredFeedbackRecord[];
  /** Global position of the last event applied (idempotency guard). */
  readonly lastPosition: number;
}

/** Document id of a message version. */
export function conversationMessageDocumentId(conversationId: string, messageId: string): string {
  return `${conversationId}:${messageId}`;
}

/** A conversation header with (part of) its content: `content[i]` = versions of one rank, oldest first. */
export interface ConversationWithContent extends ConversationDocument {
  readonly content: ReadonlyArray<readonly ConversationMessage[]>;
}

/** Groups message documents, sorted by rank then creation, into the content of a conversation. */
export function contentOf(messages: readonly ConversationMessageDocument[]): ConversationMessage[][] {
  const content: ConversationMessage[][] = [];
  let rank: number | null = null;
  for (const doc of messages) {
    if (doc.rank !== rank) {
      content.push([]);
      rank = doc.rank;
    }
    content[content.length - 1].push(doc.message);
  }
  return content;
}

/**
 * One row per (conversation, participant) (`conversation_participants` collection), to list a
 * user's conversations: find rows by `userId` (+ `workspaceId`), then fetch the conversations with
 * `sId in [...]`, `deleted: false`, sorted by `updated` desc with limit/offset.
 */
export interface ConversationParticipantDocument {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly userId: string;
  /** When the user joined (created the conversation or first posted). */
  readonly joinedAt: number;
  /** When the user last posted; null if they only created it. */
  readonly lastPostedAt: number | null;
  readonly lastPosition: number;
}

/** Document id of a participant row. */
export function conversationParticipantDocumentId(conversationId: string, userId: string): string {
  return `${conversationId}:${userId}`;
}
