import type {
  AgentMessageError,
  AgentMessageStatus,
  AgentSnapshotModel,
  AgentStepContent,
  ModelResolutionMethod,
  ResolvedModel,
} from '../events/conversation/agent-message-event-values';
import type {
  AgenticMessageData,
  ContentFragmentContext,
  ContentNodeType,
  JsonObject,
  Mention,
  MentionStatus,
  UserMessageContext,
} from '../events/conversation/conversation-event-values';
import type { ContentFragmentExpiredReason } from '../events/conversation/conversation-message.events';
import type { ResourceBase, UserWire } from './resource.types';

/**
 * Wire shapes of conversation messages (service-spec 2.4-2.13, plus the client's required fields).
 * Where a wire shape is exactly a recorded fact, it is the event layer's type, re-exported here.
 */

export type {
  AgentMessageError,
  AgentMessageStatus,
  AgentStepContent,
  ModelResolutionMethod,
  ResolvedModel,
} from '../events/conversation/agent-message-event-values';
export type {
  AgenticMessageData,
  AgentMention,
  ContentFragmentContext,
  ContentNodeType,
  Mention,
  MentionStatus,
  ModelSelection,
  UserMention,
  UserMessageContext,
} from '../events/conversation/conversation-event-values';

/** Visibility of a single message. */
export type MessageVisibility = 'visible' | 'deleted';

/** Rich mention states (part 3). */
export type RichMentionStatus = MentionStatus;

/** Mention with display data and a status (2.10). */
export interface RichMention {
  readonly id: string;
  readonly type: 'agent' | 'user';
  readonly label: string;
  readonly pictureUrl: string;
  readonly description: string;
  readonly userFavorite?: boolean;
  readonly dismissed: boolean;
  readonly status: RichMentionStatus;
}

/** One user who reacted. */
export interface ReactionUser {
  readonly userId: string | null;
  readonly username: string;
  readonly fullName: string | null;
}

/** Reaction to a message (2.11). */
export interface Reaction {
  readonly emoji: string;
  readonly users: readonly ReactionUser[];
}

/** Fields every message of a conversation carries, whatever its kind (2.4). */
export interface MessageBase extends ResourceBase {
  readonly visibility: MessageVisibility;
  readonly version: number;
  readonly rank: number;
  readonly branchId: null;
}

/** User message (2.5); `rank` is always present. */
export interface UserMessage extends MessageBase {
  readonly type: 'user_message';
  readonly user: UserWire | null;
  readonly mentions: readonly Mention[];
  readonly richMentions: readonly RichMention[];
  readonly content: string;
  readonly context: UserMessageContext;
  readonly agenticMessageData: AgenticMessageData | null;
  readonly reactions: readonly Reaction[];
}

/** Model of a light agent configuration: the agent's model settings as recorded. */
export type AgentModelConfiguration = AgentSnapshotModel;

/** Light agent configuration (2.13 + client-required fields). */
export interface LightAgentConfiguration {
  readonly id: number;
  readonly sId: string;
  readonly version: number;
  readonly versionCreatedAt: string | null;
  readonly versionAuthorId: number | null;
  readonly name: string;
  readonly description: string;
  readonly instructions: string | null;
  readonly pictureUrl: string;
  readonly status: string;
  readonly scope: string;
  readonly userFavorite: boolean;
  readonly model: AgentModelConfiguration;
  readonly maxStepsPerRun: number;
  readonly tags: ReadonlyArray<{ readonly sId: string; readonly name: string }>;
  readonly templateId: string | null;
  readonly requestedGroupIds: ReadonlyArray<readonly string[]>;
  readonly requestedSpaceIds: readonly string[];
  readonly canRead: boolean;
  readonly canEdit: boolean;
  readonly visualizationEnabled?: boolean;
  readonly lastAuthors?: readonly string[];
}

/** A tool action executed by an agent (dust-api §1 AgentAction). */
export interface AgentAction {
  readonly id: number;
  readonly sId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly mcpServerId: string | null;
  readonly internalMCPServerName: string | null;
  readonly toolName: string;
  readonly agentMessageId: number;
  readonly functionCallName: string;
  readonly functionCallId: string;
  readonly status: string;
  readonly params: JsonObject;
  readonly step: number;
  readonly executionDurationMs: number | null;
  readonly citationsAllocated: number;
  readonly output: readonly JsonObject[] | null;
  readonly generatedFiles: readonly JsonObject[];
  readonly displayLabels: { readonly running: string; readonly done: string } | null;
}

/** Raw text of one step (client-required `rawContents`). */
export interface AgentRawContent {
  readonly step: number;
  readonly content: string;
}

/** Agent message (2.7 + client-required fields). */
export interface AgentMessage extends MessageBase {
  readonly agentMessageId: number;
  readonly type: 'agent_message';
  readonly completedTs: number | null;
  readonly parentMessageId: string;
  readonly parentAgentMessageId: string | null;
  readonly status: AgentMessageStatus;
  readonly content: string | null;
  readonly chainOfThought: string | null;
  readonly error: AgentMessageError | null;
  readonly configuration: LightAgentConfiguration;
  readonly actions: readonly AgentAction[];
  readonly contents: readonly AgentStepContent[];
  readonly rawContents: readonly AgentRawContent[];
  readonly skipToolsValidation: boolean;
  readonly richMentions: readonly RichMention[];
  readonly completionDurationMs: number | null;
  readonly reactions: readonly Reaction[];
  readonly costCredits: number | null;
  readonly subAgentCostCredits: number | null;
  readonly resolvedModel: ResolvedModel | null;
  readonly modelResolutionMethod: ModelResolutionMethod | null;
}

/** Fields shared by both kinds of content fragment (2.8). */
interface ContentFragmentBase extends MessageBase {
  readonly type: 'content_fragment';
  readonly title: string;
  readonly contentType: string;
  readonly sourceUrl: string | null;
  readonly context: ContentFragmentContext;
  readonly contentFragmentId: string;
  readonly contentFragmentVersion: 'latest' | 'superseded';
  /** Set once the fragment's content is gone (its data source was deleted); null while it lasts. */
  readonly expiredReason: ContentFragmentExpiredReason | null;
}

/** Content fragment backed by a file or inline text. */
export interface FileContentFragment extends ContentFragmentBase {
  readonly contentFragmentType: 'file';
  readonly fileId: string | null;
  readonly snippet: string | null;
  readonly generatedTables: readonly string[];
  readonly textUrl: string;
  readonly textBytes: number | null;
  readonly sourceProvider: string | null;
  readonly sourceIcon: string | null;
  readonly path: string | null;
  readonly processedPath: string | null;
  readonly skipFileProcessing: boolean;
  /** Always null: the node keys of every fragment (service-spec 2.8), set only on content-node ones. */
  readonly nodeId: null;
  readonly nodeDataSourceViewId: null;
}

/** Data of the content node a fragment references. */
export interface ContentNodeData {
  readonly nodeId: string;
  readonly nodeDataSourceViewId: string;
  readonly nodeType: ContentNodeType;
  readonly provider: string | null;
  readonly spaceName: string;
}

/** Content fragment referencing a content node of a data source view. */
export interface ContentNodeContentFragment extends ContentFragmentBase, Pick<ContentNodeData, 'nodeId' | 'nodeDataSourceViewId' | 'nodeType'> {
  readonly contentFragmentType: 'content_node';
  readonly contentNodeData: ContentNodeData;
  readonly snippet: string | null;
  readonly textBytes: number | null;
}

/** A content-node fragment whose data source was deleted: what pointed into it is null (reference §1). */
export interface ExpiredContentNodeContentFragment extends ContentFragmentBase {
  readonly contentFragmentType: 'content_node';
  readonly expiredReason: ContentFragmentExpiredReason;
  readonly nodeId: null;
  readonly nodeDataSourceViewId: null;
  readonly nodeType: null;
  readonly contentNodeData: null;
  readonly snippet: null;
  readonly textBytes: null;
}

/** Content fragment (2.8). */
export type ContentFragment = FileContentFragment | ContentNodeContentFragment | ExpiredContentNodeContentFragment;

/** Compaction message (2.9): a summary of what came before it, which later prompts use instead. */
export interface CompactionMessage extends MessageBase {
  readonly type: 'compaction_message';
  readonly compactionMessageId: number;
  readonly sourceConversationId: string | null;
  readonly status: 'created' | 'succeeded' | 'failed';
  /** The summary; null while `created` and when the compaction failed. */
  readonly content: string | null;
}

/** Any message in `Conversation.content`. */
export type ConversationMessage = UserMessage | AgentMessage | ContentFragment | CompactionMessage;
