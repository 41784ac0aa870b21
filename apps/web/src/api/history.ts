import type {
  CompactConversationResponse,
  ForkConversationResponse,
  GetConversationResponse,
  PostMessageResponse,
  RetryMessageResponse,
} from '@app/contracts/http/conversation-responses.types';
import type { EditMessageDto } from '@app/contracts/http/message.dto';
import type { ApiClient, RequestOptions } from './api-client';
import { conversationPath, messagePath, type MessagePage } from './conversations';

/**
 * The routes of a conversation's history (private family): new versions of a message (retry an
 * answer, edit a question), forks, compaction, and the conversation as it stood at an instant.
 */
export class HistoryApi {
  constructor(private readonly client: ApiClient) {}

  /** A new version of a finished answer, at the same rank, still to be written (`created`). */
  retry(wId: string, cId: string, mId: string): Promise<RetryMessageResponse> {
    return this.client.post(`${messagePath(wId, cId, mId)}/retry`);
  }

  /** A new version of the latest version of a user message; the agents it mentions answer it anew, at the end. */
  edit(wId: string, cId: string, mId: string, body: EditMessageDto): Promise<PostMessageResponse> {
    return this.client.post(`${messagePath(wId, cId, mId)}/edit`, body);
  }

  /** A new conversation of the caller with the latest versions of the messages up to `sourceMessageId`. */
  fork(wId: string, cId: string, sourceMessageId: string): Promise<ForkConversationResponse> {
    return this.client.post(`${conversationPath(wId, cId)}/fork`, { sourceMessageId });
  }

  /** Starts summarizing the conversation so far: the compaction message, `created` until its summary is written. */
  compact(wId: string, cId: string): Promise<CompactConversationResponse> {
    return this.client.post(`${conversationPath(wId, cId)}/compact`);
  }

  /** The conversation as it stood at `atMs` (epoch ms), folded from the event log; the newest ranks of it given a page. */
  getAt(wId: string, cId: string, atMs: number, page: MessagePage, options?: RequestOptions): Promise<GetConversationResponse> {
    const cursor = page.lastValue ? `&lastValue=${encodeURIComponent(page.lastValue)}` : '';
    return this.client.get(`${conversationPath(wId, cId)}?at=${atMs}&limit=${page.limit}${cursor}`, options);
  }
}
