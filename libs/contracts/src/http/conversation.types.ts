import type { ConversationVisibility, JsonObject } from '../events/conversation/conversation-event-values';
import type { AgentMessage, CompactionMessage, ConversationMessage, UserMessage } from './conversation-message.types';
import type { ResourceBase, UserWire } from './resource.types';

/**
 * Wire shapes of conversations (service-spec part 2, plus every field the official client's zod
 * schemas require, see dust-api §1). Response shapes are append-only. Message shapes live in
 * conversation-message.types.ts, the identity and user shapes they share in resource.types.ts; both
 * are re-exported here.
 */
export type * from './conversation-message.types';
export type * from './resource.types';
/** Conversation visibility ("workspace" is rewritten to "unlisted" by the api) and free-form JSON, as recorded. */
export type { ConversationVisibility, JsonObject } from '../events/conversation/conversation-event-values';

/** Workspace roles exposed in resources. */
export type WorkspaceRole = 'admin' | 'builder' | 'user' | 'none';

/** Workspace, private API shape (2.3); the `owner` of conversations. */
export interface WorkspaceWire {
  readonly id: number;
  readonly sId: string;
  readonly name: string;
  readonly role: WorkspaceRole;
  readonly regionalModelsOnly: boolean;
  readonly segmentation: string | null;
  readonly whiteListedProviders: readonly string[] | null;
  readonly defaultEmbeddingProvider: string | null;
  readonly ssoEnforced?: boolean;
  readonly metadata?: JsonObject | null;
}

/** User of a fork (2.12). */
export interface ForkUser extends UserWire {
  readonly lastLoginAt: number | null;
}

/** Where a fork branched off and who made it, seen from either end (2.12). */
export interface ForkPoint {
  readonly sourceMessageId: string;
  readonly branchedAt: number;
  readonly user: ForkUser;
}

/** Where a forked conversation comes from (2.12). */
export interface ForkedFrom extends ForkPoint {
  readonly parentConversationId: string;
  readonly parentConversationTitle: string | null;
  readonly fileCopyStatus: 'pending' | 'done';
}

/** A conversation forked from this one (2.12). */
export interface ForkedChild extends ForkPoint {
  readonly childConversationId: string;
  readonly childConversationTitle: string | null;
}

/** Forking data (2.12). */
export interface ForkingData {
  readonly forkedFrom?: ForkedFrom;
  readonly forkedChildren: readonly ForkedChild[];
}

/** Conversation list shape (2.1 + client ConversationWithoutContent). */
export interface ConversationListItem extends ResourceBase {
  readonly updated: number;
  readonly owner: WorkspaceWire;
  readonly title: string | null;
  readonly visibility: ConversationVisibility;
  readonly depth: number;
  readonly unread: boolean;
  readonly lastReadMs: number | null;
  readonly actionRequired: boolean;
  readonly hasError: boolean;
  readonly spaceId: string | null;
  readonly triggerId: string | null;
  readonly metadata: JsonObject | null;
  readonly requestedSpaceIds: readonly string[];
  readonly requestedGroupIds: ReadonlyArray<readonly string[]>;
  readonly groupIds: readonly string[];
  readonly forkingData?: ForkingData;
}

/** Full conversation (2.2): content in rank order, each inner array the versions of one message. */
export interface Conversation extends ConversationListItem {
  readonly content: ReadonlyArray<readonly ConversationMessage[]>;
  readonly url: string;
  /** The id of the last conversation event this shows: the events stream goes on after it (`?lastEventId=`). */
  readonly lastEventId?: string;
}

/** Feedback on an agent message (dust-api §1 Feedback). */
export interface AgentMessageFeedbackWire {
  readonly messageId: string;
  readonly agentMessageId: number;
  readonly userId: number;
  readonly thumbDirection: 'up' | 'down';
  readonly content: string | null;
  readonly createdAt: number;
  readonly agentConfigurationId: string;
  readonly agentConfigurationVersion: number;
  readonly isConversationShared: boolean;
}

/** `data` of the conversation events SSE stream (dust-api §3.3). */
export type ConversationStreamEvent =
  | {
      readonly type: 'user_message_new';
      readonly created: number;
      readonly messageId: string;
      readonly message: UserMessage;
    }
  | {
      readonly type: 'agent_message_new';
      readonly created: number;
      readonly configurationId: string;
      readonly messageId: string;
      readonly message: AgentMessage;
    }
  | {
      readonly type: 'agent_message_done';
      readonly created: number;
      readonly conversationId: string;
      readonly configurationId: string;
      readonly messageId: string;
      readonly status: 'success' | 'error';
    }
  | {
      readonly type: 'agent_generation_cancelled';
      readonly created: number;
      readonly configurationId: string;
      readonly messageId: string;
    }
  | { readonly type: 'conversation_title'; readonly created: number; readonly title: string }
  | {
      /** A compaction started (this service shows its progress on the stream; the real one filters it out). */
      readonly type: 'compaction_message_new';
      readonly created: number;
      readonly messageId: string;
      readonly message: CompactionMessage;
    }
  | {
      readonly type: 'compaction_message_done';
      readonly created: number;
      readonly messageId: string;
      readonly status: 'succeeded' | 'failed';
      readonly content: string | null;
      readonly error: string | null;
    }
  | {
      /** A fork's files are copied (or gave up): posting is open. */
      readonly type: 'conversation_fork_prepared';
      readonly created: number;
      readonly fileCopyStatus: 'done';
      readonly failed: boolean;
    };
