import type { GetConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { renderConversation, withoutCompactionMessages } from '@app/contracts/render/conversation.render';
import type { Conversation } from '@app/contracts/http/conversation.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import type { PathFamily } from '../../common/http/path-family';
import { ConversationReader, withContent } from '../conversation-reader';
import { RenderedConversations } from '../rendered-conversations';
import type { JsonText } from '../../common/http/json-text';
import type { RankPageRequest } from '../rank-page';

/** One conversation with all its messages, or one page of them, as the caller sees it. */
export class GetConversationQuery extends Query<GetConversationResponse | JsonText<GetConversationResponse>> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    /** Absent: every message, and no paging fields in the answer. */
    readonly page?: RankPageRequest,
    /** The public family leaves compaction messages out (the official client cannot parse them). */
    readonly family: PathFamily = 'private',
  ) {
    super();
  }
}

@QueryHandler(GetConversationQuery)
export class GetConversationHandler implements IQueryHandler<GetConversationQuery> {
  constructor(
    private readonly reader: ConversationReader,
    private readonly rendered: RenderedConversations,
  ) {}

  async execute({ auth, conversationId, page, family }: GetConversationQuery): Promise<GetConversationResponse | JsonText<GetConversationResponse>> {
    const context = this.reader.renderContext(auth);
    const shown = (conversation: Conversation) => (family === 'public' ? withoutCompactionMessages(conversation) : conversation);
    if (!page) {
      const documents = await this.reader.loadDocuments(auth, conversationId);
      return this.rendered.json(documents, auth, family, () => ({
        conversation: shown(renderConversation(withContent(documents), context)),
      }));
    }
    const { value, hasMore, lastValue } = await this.reader.loadPage(auth, conversationId, page);
    return { conversation: shown(renderConversation(value, context)), hasMore, lastValue };
  }
}
