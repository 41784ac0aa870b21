import { isConversationEvent } from '@app/contracts/events/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ConversationReader } from '../conversation-reader';

/** The text of an inline content fragment and the type its sender declared. */
export interface ContentFragmentText {
  readonly contentType: string;
  readonly text: string;
}

/** The raw text of an inline content fragment: what its `textUrl` serves. */
export class GetContentFragmentTextQuery extends Query<ContentFragmentText> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

/**
 * The conversation read model says whether the caller may see the fragment; the text itself is
 * only in the event that added it (read models keep a snippet), read from the conversation's stream.
 */
@QueryHandler(GetContentFragmentTextQuery)
export class GetContentFragmentTextHandler implements IQueryHandler<GetContentFragmentTextQuery> {
  constructor(
    private readonly reader: ConversationReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth, conversationId, messageId }: GetContentFragmentTextQuery): Promise<ContentFragmentText> {
    const message = await this.reader.loadMessage(auth, conversationId, messageId);
    if (message.type !== 'content_fragment') throw new ApiError('message_not_found', 'Message not found.');
    for (const recorded of await this.eventStore.readStream(toConversationStreamName(conversationId))) {
      const event = upcast(recorded);
      if (!isConversationEvent(event) || event.type !== 'ContentFragmentAdded' || event.data.messageId !== messageId) continue;
      if (event.data.textContent === null) break;
      return { contentType: event.data.contentType, text: event.data.textContent };
    }
    throw new ApiError('message_not_found', 'This content fragment has no inline text.');
  }
}
