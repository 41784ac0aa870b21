import type { GetConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { renderConversation } from '@app/contracts/render/conversation.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../conversation-reader';
import type { RankPageRequest } from '../rank-page';

/** One conversation with all its messages, or one page of them, as the caller sees it. */
export class GetConversationQuery extends Query<GetConversationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    /** Absent: every message, and no paging fields in the answer. */
    readonly page?: RankPageRequest,
  ) {
    super();
  }
}

@QueryHandler(GetConversationQuery)
export class GetConversationHandler implements IQueryHandler<GetConversationQuery> {
  constructor(private readonly reader: ConversationReader) {}

  async execute({ auth, conversationId, page }: GetConversationQuery): Promise<GetConversationResponse> {
    const context = this.reader.renderContext(auth);
    if (!page) return { conversation: renderConversation(await this.reader.loadWithContent(auth, conversationId), context) };
    const { value, hasMore, lastValue } = await this.reader.loadPage(auth, conversationId, page);
    return { conversation: renderConversation(value, context), hasMore, lastValue };
  }
}
