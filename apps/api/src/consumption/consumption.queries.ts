import type { ConsumptionBudgetsResponse, ConsumptionGroupBy, ConversationConsumptionResponse, WorkspaceConsumptionResponse } from '@app/contracts/http/consumption.types';
import type { MessageConsumptionDocument } from '@app/contracts/read-models/consumption.read-models';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ConversationReader } from '../conversations/conversation-reader';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { ConsumptionBudgets } from './consumption-budgets';
import { inWindow, rollUp } from './consumption-rollup';
import { conversationConsumption } from './conversation-consumption';

/** A conversation's consumption, for whoever may read the conversation. */
export class GetConversationConsumptionQuery extends Query<ConversationConsumptionResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
  ) {
    super();
  }
}

@QueryHandler(GetConversationConsumptionQuery)
export class GetConversationConsumptionHandler implements IQueryHandler<GetConversationConsumptionQuery> {
  constructor(
    private readonly conversations: ConversationReader,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, conversationId }: GetConversationConsumptionQuery): Promise<ConversationConsumptionResponse> {
    const conversation = await this.conversations.load(auth, conversationId);
    const docs = await this.readModels.find<MessageConsumptionDocument>('consumptionLedger', {
      where: { workspaceId: auth.workspace.sId, conversationId: conversation.sId },
    });
    return conversationConsumption(docs, (providerId, modelId) => {
      const entry = this.config.modelCatalog.find((model) => model.providerId === providerId && model.modelId === modelId);
      return entry?.displayName ?? modelId;
    });
  }
}

/** The workspace's consumption grouped one way over a window (admins). */
export class GetWorkspaceConsumptionQuery extends Query<WorkspaceConsumptionResponse> {
  constructor(
    readonly workspaceId: string,
    readonly groupBy: ConsumptionGroupBy,
    readonly from: number | null,
    readonly to: number | null,
  ) {
    super();
  }
}

/** Longest fork chain followed up to its root (a guard: forks of forks are rarely deep). */
const MAX_FORK_DEPTH = 32;

@QueryHandler(GetWorkspaceConsumptionQuery)
export class GetWorkspaceConsumptionHandler implements IQueryHandler<GetWorkspaceConsumptionQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ workspaceId, groupBy, from, to }: GetWorkspaceConsumptionQuery): Promise<WorkspaceConsumptionResponse> {
    const all = await this.readModels.find<MessageConsumptionDocument>('consumptionLedger', { where: { workspaceId } });
    const docs = all.filter((doc) => inWindow(doc, from, to));
    const roots = groupBy === 'fork' ? await this.forkRoots(docs.map((doc) => doc.conversationId)) : new Map<string, string>();
    const { groups, total } = rollUp(docs, groupBy, (conversationId) => roots.get(conversationId) ?? conversationId);
    return { groupBy, from, to, groups, total };
  }

  /** The conversation each fork family started from, following `forkedFrom` up the chain. */
  private async forkRoots(conversationIds: readonly string[]): Promise<Map<string, string>> {
    const parents = new Map<string, string | null>();
    let pending = [...new Set(conversationIds)];
    for (let depth = 0; depth < MAX_FORK_DEPTH && pending.length > 0; depth++) {
      const docs = await this.readModels.getMany<ConversationDocument>('conversations', pending);
      for (const id of pending) parents.set(id, docs.get(id)?.forkedFrom?.parentConversationId ?? null);
      pending = [...new Set([...parents.values()].filter((id): id is string => id !== null && !parents.has(id)))];
    }
    const roots = new Map<string, string>();
    for (const id of new Set(conversationIds)) {
      let root = id;
      for (let depth = 0; depth < MAX_FORK_DEPTH; depth++) {
        const parent = parents.get(root);
        if (!parent) break;
        root = parent;
      }
      roots.set(id, root);
    }
    return roots;
  }
}

/** The workspace's budgets and this month's spending (admins). */
export class ListConsumptionBudgetsQuery extends Query<ConsumptionBudgetsResponse> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

@QueryHandler(ListConsumptionBudgetsQuery)
export class ListConsumptionBudgetsHandler implements IQueryHandler<ListConsumptionBudgetsQuery> {
  constructor(private readonly budgets: ConsumptionBudgets) {}

  async execute({ workspaceId }: ListConsumptionBudgetsQuery): Promise<ConsumptionBudgetsResponse> {
    return { budgets: await this.budgets.list(workspaceId, Date.now()) };
  }
}
