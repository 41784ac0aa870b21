import type { AgentMessageFeedbackWire, Conversation, ConversationListItem } from './conversation.types';
import type { AgentMessage, ContentFragment, UserMessage } from './conversation-message.types';

/** `{ success: true }`, the answer of writes that return nothing else. */
export interface SuccessResponse {
  readonly success: true;
}

/** POST …/assistant/conversations. */
export interface CreateConversationResponse {
  readonly conversation: Conversation;
  readonly message?: UserMessage;
  readonly contentFragment?: ContentFragment;
  readonly contentFragments: readonly ContentFragment[];
}

/** GET …/assistant/conversations/{cId}; `hasMore` and `lastValue` only when a `limit` was given. */
export interface GetConversationResponse {
  readonly conversation: Conversation;
  readonly hasMore?: boolean;
  /** Cursor of the next, older page (a rank, as a string); null on the oldest page. */
  readonly lastValue?: string | null;
}

/** GET …/assistant/conversations. */
export interface ListConversationsResponse {
  readonly conversations: readonly ConversationListItem[];
  readonly hasMore: boolean;
  readonly offset: number;
  readonly limit: number;
}

/** POST …/messages and POST …/messages/{mId}/edit. */
export interface PostMessageResponse {
  readonly message: UserMessage;
  readonly agentMessages: readonly AgentMessage[];
}

/** POST …/messages/{mId}/retry. */
export interface RetryMessageResponse {
  readonly message: AgentMessage;
}

/** GET …/conversations/{cId}/feedbacks. */
export interface ListFeedbacksResponse {
  readonly feedbacks: readonly AgentMessageFeedbackWire[];
}

/** POST …/content_fragments (public) and …/content_fragment (private). */
export interface PostContentFragmentResponse {
  readonly contentFragment: ContentFragment;
}
