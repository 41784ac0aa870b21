import type { GetSpaceConversationIdsResponse } from '@app/contracts/http/project.types';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ProjectAccess } from '../project-access';

/** The live conversations of a space (`getSpaceConversationIds()`), test ones left out as in the real service. */
export class ListSpaceConversationIdsQuery extends Query<GetSpaceConversationIdsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
  ) {
    super();
  }
}

@QueryHandler(ListSpaceConversationIdsQuery)
export class ListSpaceConversationIdsHandler implements IQueryHandler<ListSpaceConversationIdsQuery> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, spaceId }: ListSpaceConversationIdsQuery): Promise<GetSpaceConversationIdsResponse> {
    const space = await this.access.space(auth, spaceId);
    const conversations = await this.readModels.find<ConversationDocument>('conversations', {
      where: { spaceId: space.sId, deleted: false },
      sort: [{ field: 'created', direction: 'asc' }],
    });
    return {
      conversationIds: conversations
        .filter((c) => c.workspaceId === auth.workspace.sId && c.visibility !== 'test' && c.visibility !== 'deleted')
        .map((c) => c.sId),
    };
  }
}
