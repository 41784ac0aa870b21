import type {
  AgentMessageFeedbackWire,
  ConversationMessage,
  ConversationVisibility,
  JsonObject,
} from '../http/conversation.types';

/**
 * Feedback of one user on one agent message, as kept in the conversation document: the wire
 * Feedback, except that the user is known by sId (the wire wants the numeric id, kept beside it).
 */
export interface ConversationFeedbackRecord extends Omit<AgentMessageFeedbackWire, 'userId'> {
  /** User sId. */
  readonly userId: string;
  /** Numeric user id when the event carried it. */
  readonly userModelId: number | null;
}

/**
 * Read model of a conversation (`conversations` collection, document id = conversation sId).
 * `content[rank]` holds the versions of the message at that rank, oldest first, already in wire
 * shape; content fragments keep a relative `textUrl` that the renderer prefixes with the base URL.
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
  readonly content: ReadonlyArray<readonly ConversationMessage[]>;
  readonly feedbacks: readonly ConversationFeedbackRecord[];
  /** Global position of the last event applied (idempotency guard). */
  readonly lastPosition: number;
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
