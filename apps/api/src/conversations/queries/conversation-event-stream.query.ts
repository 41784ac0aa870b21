import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, type EventStore, type EventSubscription } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { parseLastEventId } from '../../common/sse/sse-stream';
import { ConversationReader } from '../conversation-reader';

/**
 * The events of a conversation's stream after the client's resume point, live: what the conversation SSE
 * endpoint serves. The conversation must exist for the caller (404 before any byte is streamed).
 */
export class ConversationEventStreamQuery extends Query<EventSubscription> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    /** `lastEventId` as the client sent it (query or header), empty when absent. */
    readonly lastEventId: string,
  ) {
    super();
  }
}

@QueryHandler(ConversationEventStreamQuery)
export class ConversationEventStreamHandler implements IQueryHandler<ConversationEventStreamQuery> {
  constructor(
    private readonly reader: ConversationReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth, conversationId, lastEventId }: ConversationEventStreamQuery): Promise<EventSubscription> {
    await this.reader.load(auth, conversationId);
    const afterRevision = parseLastEventId(lastEventId) ?? undefined;
    return this.eventStore.subscribeToStream(toConversationStreamName(conversationId), { afterRevision });
  }
}
