import type { ListFeedbacksResponse } from '@app/contracts/http/conversation-responses.types';
import { renderFeedback } from '@app/contracts/render/conversation.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../conversation-reader';
import { ApiError } from '../../common/http/api-error';

/** The feedback the key's member gave in a conversation. */
export class ListFeedbacksQuery extends Query<ListFeedbacksResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
  ) {
    super();
  }
}

@QueryHandler(ListFeedbacksQuery)
export class ListFeedbacksHandler implements IQueryHandler<ListFeedbacksQuery> {
  constructor(private readonly reader: ConversationReader) {}

  async execute({ auth, conversationId }: ListFeedbacksQuery): Promise<ListFeedbacksResponse> {
    if (!auth.user) throw new ApiError('user_authentication_required', 'Feedback is only available when authenticated as a user.');
    const userId = auth.user.sId;
    const messages = await this.reader.loadMessageDocuments(auth, conversationId);
    const given = messages.flatMap((doc) => doc.feedbacks.filter((record) => record.userId === userId));
    // In the order they were last given, across messages.
    given.sort((a, b) => a.givenPosition - b.givenPosition);
    return { feedbacks: given.map(renderFeedback) };
  }
}
