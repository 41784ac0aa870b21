import type { ListConversationsResponse } from '@app/contracts/http/conversation-responses.types';
import type { ConversationDocument, ConversationParticipantDocument } from '@app/contracts/read-models/conversation.read-models';
import { renderConversationListItem } from '@app/contracts/render/conversation.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ConversationReader } from '../conversation-reader';
import { ApiError } from '../../common/http/api-error';

const DEFAULT_PAGE_SIZE = 100;
const NEWEST_FIRST = [{ field: 'updated', direction: 'desc' }] as const;
/** Conversations read at a time while a title search walks the list, newest first. */
const SEARCH_BATCH = 500;

type ConversationWhere = Record<string, string | boolean | { in: string[] }>;

/**
 * A key bound to a member lists that member's conversations; an admin key not bound to anyone lists
 * the workspace's. Newest activity first, `test` conversations left out, paged by limit/offset;
 * with `search`, only those whose title holds it (in any case), the paging counting the matches.
 */
export class ListConversationsQuery extends Query<ListConversationsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly page: { readonly limit?: number; readonly offset?: number; readonly search?: string },
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
    let where: ConversationWhere = { workspaceId: auth.workspace.sId, deleted: false, visibility: 'unlisted' };
    if (auth.user) {
      const rows = await this.readModels.find<ConversationParticipantDocument>('conversationParticipants', {
        where: { workspaceId: auth.workspace.sId, userId: auth.user.sId },
      });
      where = { ...where, sId: { in: rows.map((row) => row.conversationId) } };
    } else if (auth.role !== 'admin') {
      throw new ApiError('user_not_found', 'Listing conversations is only available to a key bound to a user, or to an admin key.');
    }
    const docs =
      page.search === undefined
        ? await this.readModels.find<ConversationDocument>('conversations', { where, sort: NEWEST_FIRST, limit: limit + 1, offset })
        : await this.titled(where, page.search, limit + 1, offset);
    const context = this.reader.renderContext(auth);
    return {
      conversations: docs.slice(0, limit).map((doc) => renderConversationListItem(doc, context)),
      hasMore: docs.length > limit,
      offset,
      limit,
    };
  }

  /**
   * The `count` conversations after the first `skip` whose title holds `search`, walking the list
   * newest first a batch at a time (the read store has no substring match; a person's list is
   * read at most once).
   */
  private async titled(where: ConversationWhere, search: string, count: number, skip: number): Promise<ConversationDocument[]> {
    const needle = search.toLowerCase();
    const found: ConversationDocument[] = [];
    let skipped = 0;
    for (let offset = 0; ; offset += SEARCH_BATCH) {
      const batch = await this.readModels.find<ConversationDocument>('conversations', { where, sort: NEWEST_FIRST, limit: SEARCH_BATCH, offset });
      for (const doc of batch) {
        if (doc.title === null || !doc.title.toLowerCase().includes(needle)) continue;
        if (skipped < skip) skipped += 1;
        else found.push(doc);
        if (found.length === count) return found;
      }
      if (batch.length < SEARCH_BATCH) return found;
    }
  }
}
