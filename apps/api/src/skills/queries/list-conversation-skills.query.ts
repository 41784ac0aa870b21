import type { ConversationSkillsResponse } from '@app/contracts/http/conversation-skills.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../../conversations/conversation-reader';
import { ConversationSkillsAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { readerOf, SkillAccess } from '../skill-access';

/** The skills enabled in a conversation the caller reads (by a member or an agent), those the caller reads, in the order they were enabled. */
export class ListConversationSkillsQuery extends Query<ConversationSkillsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
  ) {
    super();
  }
}

@QueryHandler(ListConversationSkillsQuery)
export class ListConversationSkillsHandler implements IQueryHandler<ListConversationSkillsQuery> {
  constructor(
    private readonly conversations: ConversationReader,
    private readonly skills: ConversationSkillsAggregateWriter,
    private readonly access: SkillAccess,
  ) {}

  async execute({ auth, conversationId }: ListConversationSkillsQuery): Promise<ConversationSkillsResponse> {
    const conversation = await this.conversations.load(auth, conversationId);
    const { skillIds } = await this.skills.read(conversation.sId);
    const readable = await this.access.readableActive(readerOf(auth), skillIds);
    return { skillIds: readable.map((skill) => skill.sId) };
  }
}
