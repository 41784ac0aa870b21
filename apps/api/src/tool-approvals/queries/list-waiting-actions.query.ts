import type { BlockedAction } from '@app/contracts/http/tool-approval.types';
import type { WaitingActionsResponse } from '@app/contracts/http/waiting-actions.types';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import type { ToolApprovalDocument } from '@app/contracts/read-models/tool-approval.read-models';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ListBlockedActionsQuery } from './list-blocked-actions.query';

/** The calls waiting for the caller across the workspace's conversations (a key of no member has none). */
export class ListWaitingActionsQuery extends Query<WaitingActionsResponse> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(ListWaitingActionsQuery)
export class ListWaitingActionsHandler implements IQueryHandler<ListWaitingActionsQuery> {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth }: ListWaitingActionsQuery): Promise<WaitingActionsResponse> {
    const userId = auth.user?.sId;
    if (userId === undefined) return { blockedActions: [], conversations: [] };
    await this.readModels.waitFor(await this.eventStore.headPosition());
    const waiting = await this.readModels.find<ToolApprovalDocument>('toolApprovals', { where: { workspaceId: auth.workspace.sId, waitingFor: userId } });
    const mine = new Set(waiting.flatMap((doc) => doc.entries.filter((entry) => entry.settled === null && entry.call.userId === userId).map((entry) => entry.call.actionId)));
    const conversationIds = [...new Set(waiting.map((doc) => doc.conversationId))];
    // Each conversation answers as its own listing does: only running messages, only conversations the caller may read.
    const listed = await Promise.all(conversationIds.map((conversationId) => this.blockedIn(auth, conversationId)));
    const blockedActions = listed.flat().filter((action) => mine.has(action.actionId));
    const shown = [...new Set(blockedActions.map((action) => action.conversationId))];
    const docs = await this.readModels.getMany<ConversationDocument>('conversations', shown);
    return { blockedActions, conversations: shown.map((sId) => ({ sId, title: docs.get(sId)?.title ?? null })) };
  }

  private async blockedIn(auth: AuthContext, conversationId: string): Promise<readonly BlockedAction[]> {
    try {
      return (await this.queryBus.execute(new ListBlockedActionsQuery(auth, conversationId))).blockedActions;
    } catch (error) {
      // A conversation deleted, or no longer readable by the caller, waits for nobody here.
      if (error instanceof ApiError) return [];
      throw error;
    }
  }
}
