import type { GetAgentConfigurationsResponse } from '@app/contracts/http/agent-configuration.types';
import type { ContentFragmentDto } from '@app/contracts/http/content-fragment.dto';
import type { CreateConversationDto } from '@app/contracts/http/conversation.dto';
import type {
  CreateConversationResponse,
  GetConversationResponse,
  GetMessageResponse,
  ListConversationsResponse,
  PostContentFragmentResponse,
  PostMessageResponse,
  SuccessResponse,
} from '@app/contracts/http/conversation-responses.types';
import type { PostMessageDto } from '@app/contracts/http/message.dto';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** A page of the conversation list: `limit` items from `offset`, newest activity first; with `search`, of those whose title holds it. */
export interface ConversationListPage {
  readonly limit: number;
  readonly offset: number;
  readonly search?: string;
}

/** A page of one conversation's messages: the newest `limit` ranks below `lastValue` (the previous page's cursor). */
export interface MessagePage {
  readonly limit: number;
  readonly lastValue?: string | null;
}

/**
 * The conversation routes of the private family (`/api/w/{wId}/assistant/…`), which a signed-in
 * page calls with its session: the list, one conversation and its messages, writes on them, the
 * workspace's agents to mention, and where an agent message's events stream from.
 */
export class ConversationsApi {
  constructor(private readonly client: ApiClient) {}

  /** The caller's conversations, newest activity first, or those whose title holds `page.search`. */
  list(wId: string, page: ConversationListPage, options?: RequestOptions): Promise<ListConversationsResponse> {
    const search = page.search === undefined ? '' : `&search=${encodeURIComponent(page.search)}`;
    return this.client.get(`${conversationsPath(wId)}?limit=${page.limit}&offset=${page.offset}${search}`, options);
  }

  create(wId: string, body: CreateConversationDto): Promise<CreateConversationResponse> {
    return this.client.post(conversationsPath(wId), body);
  }

  /** One conversation, with every message or, given a page, the newest ranks of it (`hasMore`, `lastValue`). */
  get(wId: string, cId: string, page?: MessagePage, options?: RequestOptions): Promise<GetConversationResponse> {
    const query = page === undefined ? '' : `?limit=${page.limit}${page.lastValue ? `&lastValue=${encodeURIComponent(page.lastValue)}` : ''}`;
    return this.client.get(`${conversationPath(wId, cId)}${query}`, options);
  }

  rename(wId: string, cId: string, title: string | null): Promise<SuccessResponse> {
    return this.client.patch(conversationPath(wId, cId), { title });
  }

  markRead(wId: string, cId: string): Promise<SuccessResponse> {
    return this.client.patch(conversationPath(wId, cId), { read: true });
  }

  /** Deletes the conversation (204): it answers 404 everywhere afterwards. */
  delete(wId: string, cId: string): Promise<void> {
    return this.client.delete(conversationPath(wId, cId));
  }

  postMessage(wId: string, cId: string, body: PostMessageDto): Promise<PostMessageResponse> {
    return this.client.post(`${conversationPath(wId, cId)}/messages`, body);
  }

  /** Attaches a fragment (an uploaded file: `{title, fileId}`) to the conversation, before the message that refers to it. */
  postContentFragment(wId: string, cId: string, body: ContentFragmentDto): Promise<PostContentFragmentResponse> {
    // The private family's route is singular, as in the real service.
    return this.client.post(`${conversationPath(wId, cId)}/content_fragment`, body);
  }

  /** Stops the generation of these agent messages; each stream then ends with `agent_generation_cancelled`. */
  cancel(wId: string, cId: string, messageIds: readonly string[]): Promise<SuccessResponse> {
    return this.client.post(`${conversationPath(wId, cId)}/cancel`, { messageIds });
  }

  message(wId: string, cId: string, mId: string, options?: RequestOptions): Promise<GetMessageResponse> {
    return this.client.get(messagePath(wId, cId, mId), options);
  }

  /** The agents the caller may mention (the active ones of the workspace, global agents among them). */
  agents(wId: string, options?: RequestOptions): Promise<GetAgentConfigurationsResponse> {
    return this.client.get(`${apiPath`/api/w/${wId}/assistant/agent_configurations`}?view=list`, options);
  }
}

/** Where an agent message's events stream from (SSE); the stream hook adds `lastEventId` to resume. */
export function agentMessageEventsPath(wId: string, cId: string, mId: string): string {
  return `${messagePath(wId, cId, mId)}/events`;
}

/** Where a conversation's events stream from (SSE): new messages, answers started, its title. */
export function conversationEventsPath(wId: string, cId: string): string {
  return `${conversationPath(wId, cId)}/events`;
}

function conversationsPath(wId: string): string {
  return apiPath`/api/w/${wId}/assistant/conversations`;
}

export function conversationPath(wId: string, cId: string): string {
  return apiPath`/api/w/${wId}/assistant/conversations/${cId}`;
}

export function messagePath(wId: string, cId: string, mId: string): string {
  return apiPath`/api/w/${wId}/assistant/conversations/${cId}/messages/${mId}`;
}
