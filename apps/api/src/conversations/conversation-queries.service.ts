import type { ConversationDocument, ConversationParticipantDocument } from '@app/contracts/read-models/conversation.read-models';
import { renderConversationListItem, renderFeedback } from '@app/contracts/render/conversation.render';
import { DomainError } from '@app/domain/shared/domain-error';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ReadModels } from '../infrastructure/read-models.service';
import { ConversationReader } from './conversation-reader';

const DEFAULT_PAGE_SIZE = 100;

/** Read operations on conversations: lists and feedback. */
@Injectable()
export class ConversationQueries {
  constructor(
    private readonly readModels: ReadModels,
    private readonly reader: ConversationReader,
  ) {}

  /**
   * A key bound to a member lists that member's conversations; an admin key not bound to anyone lists
   * the workspace's. Newest activity first, `test` conversations left out, paged by limit/offset.
   */
  async list(auth: AuthContext, page: { limit?: number; offset?: number }) {
    const limit = page.limit ?? DEFAULT_PAGE_SIZE;
    const offset = page.offset ?? 0;
    let where: Record<string, string | boolean | { in: string[] }> = { workspaceId: auth.workspace.sId, deleted: false, visibility: 'unlisted' };
    if (auth.user) {
      const rows = await this.readModels.find<ConversationParticipantDocument>('conversationParticipants', {
        where: { workspaceId: auth.workspace.sId, userId: auth.user.sId },
      });
      where = { ...where, sId: { in: rows.map((row) => row.conversationId) } };
    } else if (auth.role !== 'admin') {
      throw new DomainError('user_not_found', 'Listing conversations is only available to a key bound to a user, or to an admin key.');
    }
    const docs = await this.readModels.find<ConversationDocument>('conversations', {
      where,
      sort: [{ field: 'updated', direction: 'desc' }],
      limit: limit + 1,
      offset,
    });
    const context = this.reader.renderContext(auth);
    return {
      conversations: docs.slice(0, limit).map((doc) => renderConversationListItem(doc, context)),
      hasMore: docs.length > limit,
      offset,
      limit,
    };
  }

  /** The caller's feedback in a conversation. */
  async feedbacks(auth: AuthContext, conversationId: string) {
    if (!auth.user) throw new DomainError('user_authentication_required', 'Feedback is only available when authenticated as a user.');
    const userId = auth.user.sId;
    const doc = await this.reader.load(auth, conversationId);
    return { feedbacks: doc.feedbacks.filter((record) => record.userId === userId).map(renderFeedback) };
  }
}
