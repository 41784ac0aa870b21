import type { AgentMessage, ContentFragment, ConversationMessage, UserMessage } from '@app/contracts/http/conversation.types';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { findMessage, wireMessage, type ConversationRenderContext } from '@app/contracts/render/conversation.render';
import { renderWorkspace } from '@app/contracts/render/workspace.render';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../infrastructure/read-models.service';
import { ApiError } from '../common/http/api-error';

/** Who reads: the member the key acts as, or the key itself (read state of keys without a user). */
export function viewerIdOf(auth: AuthContext): string {
  return auth.user?.sId ?? `key:${auth.keyId}`;
}

/**
 * Loads conversations for a caller. A conversation of another workspace, a deleted one and a
 * missing one all answer the same 404.
 */
@Injectable()
export class ConversationReader {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async load(auth: AuthContext, conversationId: string): Promise<ConversationDocument> {
    const doc = await this.readModels.get<ConversationDocument>('conversations', conversationId);
    if (!doc || doc.workspaceId !== auth.workspace.sId || doc.deleted) {
      throw new ApiError('conversation_not_found', 'Conversation not found.');
    }
    return doc;
  }

  /** Loads after the read models include `position` (the caller's own write). */
  async loadAfter(auth: AuthContext, conversationId: string, position: number | null): Promise<ConversationDocument> {
    if (position !== null) await this.readModels.waitFor(position);
    return this.load(auth, conversationId);
  }

  renderContext(auth: AuthContext): ConversationRenderContext {
    return { viewerUserId: viewerIdOf(auth), owner: renderWorkspace(auth.workspace, auth.role), baseUrl: this.config.publicUrl };
  }

  /** A message version of the conversation by sId (404 message_not_found). */
  message(doc: ConversationDocument, messageId: string): ConversationMessage {
    const message = findMessage(doc, messageId);
    if (!message) throw new ApiError('message_not_found', 'Message not found.');
    return message;
  }

  /** A message of a conversation the caller can see (404 for either missing). */
  async loadMessage(auth: AuthContext, conversationId: string, messageId: string): Promise<ConversationMessage> {
    return this.message(await this.load(auth, conversationId), messageId);
  }

  /** A user message version (404 when the id names another kind of message). */
  userMessage(doc: ConversationDocument, messageId: string): UserMessage {
    const message = this.message(doc, messageId);
    if (message.type !== 'user_message') throw new ApiError('message_not_found', 'Message not found.');
    return message;
  }

  /** An agent message version (404 when the id names another kind of message). */
  agentMessage(doc: ConversationDocument, messageId: string): AgentMessage {
    const message = this.message(doc, messageId);
    if (message.type !== 'agent_message') throw new ApiError('message_not_found', 'Message not found.');
    return message;
  }

  /** A content fragment as sent on the wire (absolute URLs). */
  contentFragment(doc: ConversationDocument, messageId: string): ContentFragment {
    const message = this.message(doc, messageId);
    if (message.type !== 'content_fragment') throw new ApiError('message_not_found', 'Message not found.');
    return wireMessage(message, this.config.publicUrl);
  }
}
