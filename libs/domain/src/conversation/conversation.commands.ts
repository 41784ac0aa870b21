import type { AgentMessageOutcome, AgentSnapshot } from '@app/contracts/events/conversation/agent-message-event-values';
import type { CompactionTrigger } from '@app/contracts/events/conversation/conversation-compaction.events';
import type {
  AgentMessageCreated,
  AgentMessageStatusChanged,
  ContentFragmentAdded,
  ContentFragmentExpired,
  UserMessagePosted,
} from '@app/contracts/events/conversation/conversation-message.events';
import type {
  ActingUser,
  AgenticMessageData,
  ContentFragmentContext,
  ContentNodeType,
  ConversationCreation,
  ConversationVisibility,
  JsonObject,
  Mention,
  MentionStatus,
  MessageFeedback,
  MessageReaction,
  ModelSelection,
  UserMessageContext,
  UserSnapshot,
} from '@app/contracts/events/conversation/conversation-event-values';

/**
 * Commands of the conversation aggregate. Plain objects: every new id and the time (`now`, epoch
 * ms) are chosen by the caller, so `decide` stays pure. `workspaceId` scopes every command: a
 * conversation of another workspace answers `conversation_not_found`.
 */
interface CommandBase {
  readonly conversationId: string;
  readonly workspaceId: string;
  readonly now: number;
}

/** A user mentioned in a message, resolved by the api (for rich mention labels). */
export interface MentionedUser {
  readonly sId: string;
  readonly fullName: string;
  readonly image: string | null;
}

/**
 * A new user message. The api resolves the agent mentions beforehand (404
 * `agent_configuration_not_found` is its job) and passes one agent snapshot and one pre-generated
 * agent message sId per agent to run, in order.
 */
export interface NewUserMessage {
  readonly messageId: string;
  readonly content: string;
  readonly mentions: readonly Mention[];
  readonly context: UserMessageContext;
  readonly user: UserSnapshot | null;
  readonly agenticMessageData?: AgenticMessageData | null;
  readonly modelSelection?: ModelSelection | null;
  readonly skipToolsValidation?: boolean;
  readonly mentionedAgents: readonly AgentSnapshot[];
  readonly mentionedUsers?: readonly MentionedUser[];
  /**
   * Where each mention (by agent or user sId) stands with the conversation's access rules
   * (mention-status.policy.ts); absent ones are `approved`. An agent that may not run on its
   * mention gets no agent message, and no id in `agentMessageIds`.
   */
  readonly mentionStatuses?: Readonly<Record<string, MentionStatus>>;
  readonly agentMessageIds: readonly string[];
}

/** Source of a content fragment: inline text, an uploaded file, or a content node. */
export type ContentFragmentSource =
  | { readonly kind: 'inline'; readonly textContent: string; readonly fileId?: string | null }
  | {
      readonly kind: 'file';
      readonly fileId: string;
      readonly path?: string | null;
      readonly processedPath?: string | null;
      readonly skipFileProcessing?: boolean;
      readonly sourceProvider?: string | null;
      readonly sourceIcon?: string | null;
    }
  | {
      readonly kind: 'content_node';
      readonly nodeId: string;
      readonly nodeDataSourceViewId: string;
      readonly nodeType: ContentNodeType;
      readonly provider?: string | null;
      readonly spaceName?: string | null;
    };

/** A new content fragment. `contentFragmentId` is ignored when superseding (the old id is kept). */
export interface NewContentFragment {
  readonly messageId: string;
  readonly contentFragmentId: string;
  readonly supersededContentFragmentId?: string | null;
  readonly title: string;
  readonly contentType: string;
  readonly sourceUrl: string | null;
  readonly context: ContentFragmentContext;
  readonly source: ContentFragmentSource;
  readonly textBytes?: number | null;
  readonly snippet?: string | null;
}

/** Create a conversation, optionally with initial content fragments and a first message. */
export interface CreateConversation extends CommandBase, ConversationCreation {
  readonly type: 'CreateConversation';
  /** Attached before the message, in order. */
  readonly contentFragments?: readonly NewContentFragment[];
  readonly message?: NewUserMessage | null;
  /**
   * For a fork: the copies of the parent's messages, already given their new ids and dense ranks
   * from 0 (copied answers carry `copiedFromMessageId` and their final status). Recorded as they are.
   */
  readonly copiedMessages?: readonly CopiedMessageEvent[];
}

/** A message event of a fork's parent, rewritten for the fork. */
export type CopiedMessageEvent = UserMessagePosted | AgentMessageCreated | AgentMessageStatusChanged | ContentFragmentAdded | ContentFragmentExpired;

/** Start a compaction message covering the ranks below `coversUpToRank` (409 while another runs). */
export interface StartCompaction extends CommandBase {
  readonly type: 'StartCompaction';
  readonly messageId: string;
  readonly trigger: CompactionTrigger;
  /** Defaults to the end of the conversation (everything so far). */
  readonly coversUpToRank?: number;
}

/** Record the end of a compaction (no-op unless that compaction is the one running). */
export interface CompleteCompaction extends CommandBase {
  readonly type: 'CompleteCompaction';
  readonly messageId: string;
  readonly status: 'succeeded' | 'failed';
  readonly content: string | null;
  readonly error: string | null;
}

/** Record on the parent that a fork was made from one of its messages. */
export interface RecordFork extends CommandBase {
  readonly type: 'RecordFork';
  readonly childConversationId: string;
  readonly childConversationTitle: string | null;
  readonly sourceMessageId: string;
  readonly user: UserSnapshot;
  /** When the fork was made, as its `forkedFrom` says (defaults to `now`). */
  readonly branchedAt?: number;
}

/** Record one outcome of copying a fork's file: the copy, or a failed attempt. */
export interface RecordForkFileCopy extends CommandBase {
  readonly type: 'RecordForkFileCopy';
  readonly messageId: string;
  readonly sourceFileId: string;
  readonly outcome:
    | { readonly kind: 'copied'; readonly fileId: string }
    | { readonly kind: 'failed'; readonly attempt: number; readonly reason: string; readonly final: boolean };
}

/** End the preparation of a fork (no-op when it is not being prepared). */
export interface CompleteForkPreparation extends CommandBase {
  readonly type: 'CompleteForkPreparation';
  readonly status: 'done' | 'failed';
}

/** Post a user message (and start one agent message per resolved mention). */
export interface PostUserMessage extends CommandBase, NewUserMessage {
  readonly type: 'PostUserMessage';
}

/** Edit a user message: a new version (new sId `newMessageId`) in the same rank. */
export interface EditUserMessage extends CommandBase {
  readonly type: 'EditUserMessage';
  /** sId of the version being edited; must be the latest. */
  readonly messageId: string;
  readonly newMessageId: string;
  readonly content: string;
  readonly mentions: readonly Mention[];
  /** sId of the editing user, checked against the author; null for API keys without a user. */
  readonly editedBy: string | null;
  readonly skipToolsValidation?: boolean;
  readonly mentionedAgents: readonly AgentSnapshot[];
  readonly mentionedUsers?: readonly MentionedUser[];
  /** As for a new message (`NewUserMessage.mentionStatuses`): by the conversation's access rules. */
  readonly mentionStatuses?: Readonly<Record<string, MentionStatus>>;
  readonly agentMessageIds: readonly string[];
}

/** Delete a user message (its author, or an admin) and the agent messages that answered it. */
export interface DeleteUserMessage extends CommandBase {
  readonly type: 'DeleteUserMessage';
  readonly messageId: string;
  /** sId of the deleting user; null for an API key without a user. */
  readonly deletedBy: string | null;
  /** The caller is a workspace admin: they may delete anyone's message. */
  readonly byAdmin: boolean;
}

/** Move the conversation into a project space (the api checked the caller can see that project). */
export interface MoveToProject extends CommandBase {
  readonly type: 'MoveToProject';
  readonly spaceId: string;
}

/** The author of a message approves or rejects a pending mention of a member (`userId`). */
export interface DecideUserMention extends CommandBase {
  readonly type: 'DecideUserMention';
  readonly messageId: string;
  readonly userId: string;
  readonly decision: 'approved' | 'rejected';
  /** sId of the deciding member. */
  readonly decidedBy: string;
}

/** The author of a message dismisses a restricted mention of an agent or a member. */
export interface DismissMention extends CommandBase {
  readonly type: 'DismissMention';
  readonly messageId: string;
  readonly mentionType: 'agent' | 'user';
  /** sId of the mentioned agent or member. */
  readonly mentionId: string;
  /** sId of the dismissing member. */
  readonly dismissedBy: string;
}

/** Retry an agent message: a new version (same rank, version + 1, status created). */
export interface RetryAgentMessage extends CommandBase {
  readonly type: 'RetryAgentMessage';
  readonly messageId: string;
  readonly newMessageId: string;
  /** Fresh snapshot of the agent; the previous version's snapshot is reused when omitted. */
  readonly configuration?: AgentSnapshot;
}

/** Cancel running agent messages; others are ignored. */
export interface CancelAgentMessages extends CommandBase {
  readonly type: 'CancelAgentMessages';
  readonly messageIds: readonly string[];
}

/** Record the final status and outcome of an agent run (agent runner). */
export interface CompleteAgentMessage extends CommandBase, AgentMessageOutcome {
  readonly type: 'CompleteAgentMessage';
  readonly messageId: string;
  readonly status: 'succeeded' | 'failed' | 'cancelled';
}

/** Attach a content fragment, optionally superseding an older one. */
export interface AddContentFragment extends CommandBase, NewContentFragment {
  readonly type: 'AddContentFragment';
}

/** Set or clear the title. */
export interface ChangeTitle extends CommandBase {
  readonly type: 'ChangeTitle';
  readonly title: string | null;
}

/** Change visibility; `deleted` deletes the conversation. */
export interface ChangeVisibility extends CommandBase {
  readonly type: 'ChangeVisibility';
  readonly visibility: ConversationVisibility;
}

/** Replace the free-form metadata. */
export interface ChangeMetadata extends CommandBase {
  readonly type: 'ChangeMetadata';
  readonly metadata: JsonObject | null;
}

/** Delete the conversation (a repeat is a no-op). */
export interface DeleteConversation extends CommandBase {
  readonly type: 'DeleteConversation';
  readonly deletedBy: string | null;
}

/** Mark the conversation read for a user (no-op when nothing happened since). */
export interface MarkRead extends CommandBase {
  readonly type: 'MarkRead';
  readonly userId: string;
}

/** Mark the conversation unread for a user (no-op when it already is). */
export interface MarkUnread extends CommandBase {
  readonly type: 'MarkUnread';
  readonly userId: string;
}

/** React to a user or agent message (no-op when already there). */
export interface AddReaction extends CommandBase, MessageReaction {
  readonly type: 'AddReaction';
}

/** Withdraw a reaction (no-op when absent). */
export interface RemoveReaction extends CommandBase, MessageReaction {
  readonly type: 'RemoveReaction';
}

/** Give or change feedback on an agent message. */
export interface GiveFeedback extends CommandBase, MessageFeedback {
  readonly type: 'GiveFeedback';
}

/** Remove feedback on an agent message (400 when there is none). */
export interface RemoveFeedback extends CommandBase {
  readonly type: 'RemoveFeedback';
  readonly messageId: string;
  readonly user: ActingUser;
}

/** Mark content fragments as expired (their data source is gone); already expired ones are skipped. */
export interface ExpireContentFragments extends CommandBase {
  readonly type: 'ExpireContentFragments';
  readonly messageIds: readonly string[];
  readonly reason: 'data_source_deleted';
  readonly dataSourceId: string;
}

/** Every command of the conversation aggregate. */
export type ConversationCommand =
  | CreateConversation
  | PostUserMessage
  | EditUserMessage
  | DeleteUserMessage
  | DecideUserMention
  | DismissMention
  | MoveToProject
  | RetryAgentMessage
  | CancelAgentMessages
  | CompleteAgentMessage
  | AddContentFragment
  | ChangeTitle
  | ChangeVisibility
  | ChangeMetadata
  | DeleteConversation
  | MarkRead
  | MarkUnread
  | AddReaction
  | RemoveReaction
  | GiveFeedback
  | RemoveFeedback
  | StartCompaction
  | CompleteCompaction
  | RecordFork
  | RecordForkFileCopy
  | CompleteForkPreparation
  | ExpireContentFragments;
