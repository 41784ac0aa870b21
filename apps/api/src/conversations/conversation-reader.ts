import type { AgentMessage, ContentFragment, ConversationMessage, UserMessage } from '@app/contracts/http/conversation.types';
import {
  contentOf,
  conversationMessageDocumentId,
  type ConversationDocument,
  type ConversationMessageDocument,
  type ConversationWithContent,
} from '@app/contracts/read-models/conversation.read-models';
import { wireMessage, type ConversationRenderContext } from '@app/contracts/render/conversation.render';
import { renderWorkspace } from '@app/contracts/render/workspace.render';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { ApiError } from '../common/http/api-error';
import { findVisibleSpace } from '../data-sources/space-access';
import { rankPage, type RankPage, type RankPageRequest } from './rank-page';

/** Who reads: the member the key acts as, or the key itself (read state of keys without a user). */
export function viewerIdOf(auth: AuthContext): string {
  return auth.user?.sId ?? `key:${auth.keyId}`;
}

/** A conversation's documents as read. */
export interface ConversationDocuments {
  readonly doc: ConversationDocument;
  readonly messages: readonly ConversationMessageDocument[];
}

/** The header with its messages as content (ranks ascending, versions oldest first). */
export function withContent({ doc, messages }: ConversationDocuments): ConversationWithContent {
  return { ...doc, content: contentOf(messages) };
}

/** Message versions by sId, as loaded for one answer. */
export type LoadedMessages = ReadonlyMap<string, ConversationMessage>;

/** Ordered content of a conversation: ranks ascending, versions oldest first. */
const CONTENT_ORDER = [
  { field: 'rank', direction: 'asc' },
  { field: 'createdPosition', direction: 'asc' },
] as const;

/**
 * Loads conversations for a caller: the header document, and only the message documents an answer
 * needs. A conversation of another workspace, a deleted one, one of a project the caller cannot see
 * and a missing one all answer the same 404.
 */
@Injectable()
export class ConversationReader {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  /** The conversation header (no messages). */
  async load(auth: AuthContext, conversationId: string): Promise<ConversationDocument> {
    return this.visible(auth, await this.readModels.get<ConversationDocument>('conversations', conversationId));
  }

  /** Loads after the read models include `position` (the caller's own write). */
  async loadAfter(auth: AuthContext, conversationId: string, position: number | null): Promise<ConversationDocument> {
    if (position !== null) await this.readModels.waitFor(position);
    return this.load(auth, conversationId);
  }

  /** The header and every message of the conversation, in order. */
  async loadWithContent(auth: AuthContext, conversationId: string): Promise<ConversationWithContent> {
    return withContent(await this.loadDocuments(auth, conversationId));
  }

  /** The header and every message document, as the read models answered them (shared values: read only). */
  async loadDocuments(auth: AuthContext, conversationId: string): Promise<ConversationDocuments> {
    const [doc, messages] = await Promise.all([
      this.load(auth, conversationId),
      this.readModels.find<ConversationMessageDocument>('conversationMessages', { where: { conversationId }, sort: CONTENT_ORDER }),
    ]);
    return { doc, messages };
  }

  /** The header and one page of ranks (newest first across pages, ranks ascending within one). */
  async loadPage(auth: AuthContext, conversationId: string, request: RankPageRequest): Promise<RankPage<ConversationWithContent>> {
    const doc = await this.load(auth, conversationId);
    const page = rankPage(doc.nextRank, request);
    const messages =
      page.ranks.length === 0
        ? []
        : await this.readModels.find<ConversationMessageDocument>('conversationMessages', {
            where: { conversationId, rank: { in: page.ranks } },
            sort: CONTENT_ORDER,
          });
    return { value: { ...doc, content: contentOf(messages) }, hasMore: page.hasMore, lastValue: page.lastValue };
  }

  /** Message versions of a conversation the caller can see, by sId (missing ones are absent). */
  async loadMessages(auth: AuthContext, conversationId: string, messageIds: readonly string[]): Promise<LoadedMessages> {
    const [, messages] = await Promise.all([this.load(auth, conversationId), this.messagesById(conversationId, messageIds)]);
    if (messageIds.every((id) => messages.has(id))) return messages;
    // A client may ask for a message as soon as it is recorded: the conversation's event stream
    // follows the log, ahead of the read models. An id they do not know yet is looked up again
    // once they have caught up with the log, before it is answered as missing.
    await this.readModels.waitFor(await this.eventStore.headPosition());
    return this.messagesById(conversationId, messageIds);
  }

  /**
   * Message versions the caller has just written (its command already checked the conversation is
   * visible), once the read models include `position`: only their documents, not the header again.
   */
  async loadWrittenMessages(conversationId: string, position: number | null, messageIds: readonly string[]): Promise<LoadedMessages> {
    if (position !== null) await this.readModels.waitFor(position);
    return this.messagesById(conversationId, messageIds);
  }

  /** Every message document of a conversation the caller can see (feedback lives on them). */
  async loadMessageDocuments(auth: AuthContext, conversationId: string): Promise<ConversationMessageDocument[]> {
    const [, messages] = await Promise.all([
      this.load(auth, conversationId),
      this.readModels.find<ConversationMessageDocument>('conversationMessages', { where: { conversationId }, sort: CONTENT_ORDER }),
    ]);
    return messages;
  }

  renderContext(auth: AuthContext): ConversationRenderContext {
    return { viewerUserId: viewerIdOf(auth), owner: renderWorkspace(auth.workspace, auth.role), baseUrl: this.config.publicUrl };
  }

  /** A message of a conversation the caller can see (404 for either missing). */
  async loadMessage(auth: AuthContext, conversationId: string, messageId: string): Promise<ConversationMessage> {
    return this.message(await this.loadMessages(auth, conversationId, [messageId]), messageId);
  }

  /** A loaded message version by sId (404 message_not_found). */
  message(messages: LoadedMessages, messageId: string): ConversationMessage {
    const message = messages.get(messageId);
    if (!message) throw new ApiError('message_not_found', 'Message not found.');
    return message;
  }

  /** A user message version (404 when the id names another kind of message). */
  userMessage(messages: LoadedMessages, messageId: string): UserMessage {
    const message = this.message(messages, messageId);
    if (message.type !== 'user_message') throw new ApiError('message_not_found', 'Message not found.');
    return message;
  }

  /** An agent message version (404 when the id names another kind of message). */
  agentMessage(messages: LoadedMessages, messageId: string): AgentMessage {
    const message = this.message(messages, messageId);
    if (message.type !== 'agent_message') throw new ApiError('message_not_found', 'Message not found.');
    return message;
  }

  /** A content fragment as sent on the wire (absolute URLs). */
  contentFragment(messages: LoadedMessages, messageId: string): ContentFragment {
    const message = this.message(messages, messageId);
    if (message.type !== 'content_fragment') throw new ApiError('message_not_found', 'Message not found.');
    return wireMessage(message, this.config.publicUrl);
  }

  private async messagesById(conversationId: string, messageIds: readonly string[]): Promise<LoadedMessages> {
    const ids = messageIds.map((id) => conversationMessageDocumentId(conversationId, id));
    const docs = await this.readModels.getMany<ConversationMessageDocument>('conversationMessages', ids);
    return new Map([...docs.values()].map((doc) => [doc.message.sId, doc.message]));
  }

  /** A project's conversation is its project's: whoever cannot see the project cannot read it either. */
  private async visible(auth: AuthContext, doc: ConversationDocument | null): Promise<ConversationDocument> {
    const hidden = !doc || doc.workspaceId !== auth.workspace.sId || doc.deleted || (doc.spaceId && !(await findVisibleSpace(this.readModels, auth, doc.spaceId)));
    if (hidden) throw new ApiError('conversation_not_found', 'Conversation not found.');
    return doc;
  }
}

/** The messages of a loaded content, by sId. */
export function messagesOf(conversation: ConversationWithContent): LoadedMessages {
  return new Map(conversation.content.flat().map((message) => [message.sId, message]));
}
