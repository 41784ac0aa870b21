import type { ListConversationsResponse } from '@app/contracts/http/conversation-responses.types';
import type { ConversationDocument, ConversationParticipantDocument } from '@app/contracts/read-models/conversation.read-models';
import { renderConversationListItem } from '@app/contracts/render/conversation.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ConversationReader } from '../conversation-reader';
import { ApiError } from '../../common/http/api-error';

const DEFAULT_PAGE_SIZE = 100;

/**
 * A key bound to a member lists that member's conversations; an admin key not bound to anyone lists
 * the workspace's. Newest activity first, `test` conversations left out, paged by limit/offset.
 */
export class ListConversationsQuery extends Query<ListConversationsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly page: { readonly limit?: number; readonly offset?: number },
  ) {
    super();
  }
}

@QueryHandler(ListConversationsQuery)
export class ListConversationsHandler implements IQueryHandler<ListConversationsQuery> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly reader: ConversationReader,
  ) {}

  async execute({ auth, page }: ListConversationsQuery): Promise<ListConversationsResponse> {
    const limit = page.limit ?? DEFAULT_PAGE_SIZE;
    const offset = page.offset ?? 0;
    let where: Record<string, string | boolean | { in: string[] }> = { workspaceId: auth.workspace.sId, deleted: false, visibility: 'unlisted' };
    if (auth.user) {
      const rows = await this.readModels.find<ConversationParticipantDocument>('conversationParticipants', {
        where: { workspaceId: auth.workspace.sId, userId: auth.user.sId },
      });
      where = { ...where, sId: { in: rows.map((row) => row.conversationId) } };
    } else if (auth.role !== 'admin') {
      throw new ApiError('user_not_found', 'Listing conversations is only available to a key bound to a user, or to an admin key.');
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
}
