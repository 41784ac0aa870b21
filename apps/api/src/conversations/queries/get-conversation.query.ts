import type { GetConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { renderConversation } from '@app/contracts/render/conversation.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../conversation-reader';

/** One conversation with all its messages, as the caller sees it. */
export class GetConversationQuery extends Query<GetConversationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
  ) {
    super();
  }
}

@QueryHandler(GetConversationQuery)
export class GetConversationHandler implements IQueryHandler<GetConversationQuery> {
  constructor(private readonly reader: ConversationReader) {}

  async execute({ auth, conversationId }: GetConversationQuery): Promise<GetConversationResponse> {
    const doc = await this.reader.load(auth, conversationId);
    return { conversation: renderConversation(doc, this.reader.renderContext(auth)) };
  }
}
