/**
 * Facts recorded by conversation events: who, where, with what context. The event layer owns them;
 * where a wire shape is exactly one of these facts, the HTTP types alias it (never the other way).
 */

export type { ModelSelection } from '../../language-models/model.types';

/** A free-form JSON object. */
export type JsonObject = { readonly [key: string]: unknown };

/** Fields every conversation event carries: where and when the fact happened. `at` is epoch ms. */
export type ConversationEventBase = {
  readonly conversationId: string;
  readonly workspaceId: string;
  readonly at: number;
};

/** Visibility of a conversation (`deleted` is reached through ConversationDeleted only). */
export type ConversationVisibility = 'unlisted' | 'deleted' | 'test';

/** Mention of an agent in a user message. */
export type AgentMention = { readonly configurationId: string };

/** Mention of a member in a user message. */
export type UserMention = { readonly type: 'user'; readonly userId: string };

/** A mention as the author wrote it. */
export type Mention = AgentMention | UserMention;

/** Where a mention stood with the conversation's access rules when the message was posted (spec part 3). */
export type MentionStatus =
  | 'pending_conversation_access'
  | 'pending_project_membership'
  | 'approved'
  | 'rejected'
  | 'user_restricted_by_conversation_access'
  | 'agent_restricted_by_space_usage';

/**
 * How a mentioned agent or member was shown when the message was posted (their name and picture
 * then) and where the mention stood with the conversation's access rules (absent: `approved`, as
 * every mention recorded before statuses were). Favorites are not part of the record: they belong
 * to whoever looks.
 */
export type MentionDisplay = {
  readonly id: string;
  readonly type: 'agent' | 'user';
  readonly label: string;
  readonly pictureUrl: string;
  readonly description: string;
  readonly status?: MentionStatus;
};

/** Context the author sent with a user message. */
export type UserMessageContext = {
  readonly username: string;
  readonly timezone: string;
  readonly fullName?: string | null;
  readonly email?: string | null;
  readonly profilePictureUrl?: string | null;
  readonly origin?: string | null;
  readonly selectedSpaceIds?: readonly string[];
  readonly clientSideMCPServerIds?: readonly string[] | null;
  readonly selectedMCPServerViewIds?: readonly string[] | null;
  readonly lastTriggerRunAt?: number | null;
};

/** Marks a user message posted by an agent on behalf of another agent. */
export type AgenticMessageData = {
  readonly type: 'run_agent' | 'agent_handover';
  readonly originMessageId: string;
};

/** Who attached a content fragment. */
export type ContentFragmentContext = {
  readonly username: string | null;
  readonly fullName: string | null;
  readonly email: string | null;
  readonly profilePictureUrl: string | null;
};

/** Kinds of content node a fragment can reference. */
export type ContentNodeType = 'document' | 'table' | 'folder';

/** A user as captured when they acted. The optional fields fill the client's User shape. */
export type UserSnapshot = {
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
};

/** Who reacted or gave feedback. */
export type ActingUser = {
  readonly userId: string;
  readonly username: string;
  readonly fullName: string | null;
  /** Numeric user id, needed by the Feedback wire shape. */
  readonly id?: number;
};

/** Where a forked conversation branched off, as recorded on the child's ConversationCreated. */
export type ForkOrigin = {
  readonly parentConversationId: string;
  readonly parentConversationTitle: string | null;
  readonly sourceMessageId: string;
  readonly branchedAt: number;
  readonly user: UserSnapshot;
};

/** What a conversation starts with: asked for by the create command, recorded by ConversationCreated. */
export type ConversationCreation = {
  readonly title: string | null;
  readonly visibility: ConversationVisibility;
  readonly depth: number;
  readonly spaceId: string | null;
  readonly metadata: JsonObject | null;
  readonly triggerId: string | null;
  readonly requestedSpaceIds: readonly string[];
  readonly createdBy: UserSnapshot | null;
  /** Set when the conversation is a fork of another one. */
  readonly forkedFrom?: ForkOrigin | null;
};

/** An emoji reaction of a user to a message, as asked for and as recorded (added or removed). */
export type MessageReaction = {
  readonly messageId: string;
  readonly emoji: string;
  readonly user: ActingUser;
};

/** A user's thumbs feedback on an agent message, as asked for and as recorded. */
export type MessageFeedback = {
  readonly messageId: string;
  readonly user: ActingUser;
  readonly thumbDirection: 'up' | 'down';
  readonly content: string | null;
  readonly isConversationShared: boolean;
};
