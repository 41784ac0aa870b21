import type { GetConversationResponse, GetMessageResponse } from '@app/contracts/http/conversation-responses.types';
import { conversationMessageDocumentId } from '@app/contracts/read-models/conversation.read-models';
import { renderConversation, wireMessage, withoutCompactionMessages } from '@app/contracts/render/conversation.render';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import type { PathFamily } from '../../common/http/path-family';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ConversationReader } from '../conversation-reader';
import { rankPage, type RankPageRequest } from '../rank-page';
import { conversationOf } from './conversation-fold';
import { ConversationTimeline, type FoldAt } from './conversation-timeline';

/** A conversation as it stood at an instant (all its messages, or one page), folded from the log. */
export class GetConversationAtQuery extends Query<GetConversationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly at: number,
    readonly page: RankPageRequest | undefined,
    readonly family: PathFamily,
  ) {
    super();
  }
}

/** One message, as the read model shows it now, or as it stood at an instant. */
export class GetMessageAtQuery extends Query<GetMessageResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly at: number | undefined,
  ) {
    super();
  }
}

/** Whoever may read the conversation now may read its past; a conversation not there yet then is a 404. */
async function visibleAt(reader: ConversationReader, timeline: ConversationTimeline, auth: AuthContext, conversationId: string, at: number) {
  await reader.load(auth, conversationId);
  const fold: FoldAt = await timeline.at(conversationId, at);
  if (!fold) throw new ApiError('conversation_not_found', 'Conversation not found.');
  return fold;
}

@QueryHandler(GetConversationAtQuery)
export class GetConversationAtHandler implements IQueryHandler<GetConversationAtQuery> {
  constructor(
    private readonly reader: ConversationReader,
    private readonly timeline: ConversationTimeline,
  ) {}

  async execute({ auth, conversationId, at, page, family }: GetConversationAtQuery): Promise<GetConversationResponse> {
    const fold = await visibleAt(this.reader, this.timeline, auth, conversationId, at);
    const context = this.reader.renderContext(auth);
    const paging = page ? rankPage(fold.header.nextRank, page) : null;
    const rendered = renderConversation(conversationOf(fold, paging ? new Set(paging.ranks) : undefined), context);
    const conversation = family === 'public' ? withoutCompactionMessages(rendered) : rendered;
    return paging ? { conversation, hasMore: paging.hasMore, lastValue: paging.lastValue } : { conversation };
  }
}

@QueryHandler(GetMessageAtQuery)
export class GetMessageAtHandler implements IQueryHandler<GetMessageAtQuery> {
  constructor(
    private readonly reader: ConversationReader,
    private readonly timeline: ConversationTimeline,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, conversationId, messageId, at }: GetMessageAtQuery): Promise<GetMessageResponse> {
    if (at === undefined) return { message: wireMessage(await this.reader.loadMessage(auth, conversationId, messageId), this.config.publicUrl) };
    const fold = await visibleAt(this.reader, this.timeline, auth, conversationId, at);
    const doc = fold.messages.get(conversationMessageDocumentId(conversationId, messageId));
    if (!doc) throw new ApiError('message_not_found', 'Message not found.');
    return { message: wireMessage(doc.message, this.config.publicUrl) };
  }
}
