import type { TriggerEnvelope, TriggerListResponse, WebhookRequestListResponse } from '@app/contracts/http/trigger.types';
import type { TriggerDocument, TriggerWebhookRequestDocument } from '@app/contracts/read-models/trigger.read-models';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TriggerAccess } from '../trigger-access';
import { renderTrigger, renderWebhookRequest } from '../trigger-render';

/** Stored deliveries a listing shows at most (newest first). */
export const WEBHOOK_REQUESTS_LISTED = 100;

/** The triggers of an agent (its editors and admins). */
export class ListTriggersQuery extends Query<TriggerListResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
  ) {
    super();
  }
}

@QueryHandler(ListTriggersQuery)
export class ListTriggersHandler implements IQueryHandler<ListTriggersQuery> {
  constructor(
    private readonly access: TriggerAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, agentId }: ListTriggersQuery): Promise<TriggerListResponse> {
    await this.access.agent(auth, agentId);
    const docs = await this.readModels.find<TriggerDocument>('triggers', {
      where: { workspaceId: auth.workspace.sId, agentConfigurationId: agentId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    const now = Date.now();
    return { triggers: docs.map((doc) => renderTrigger(doc, auth.user?.sId ?? null, now)) };
  }
}

/** One trigger, by the agent's path (`agentId`) or the workspace's (`agentId` null, the public family). */
export class GetTriggerQuery extends Query<TriggerEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string | null,
    readonly triggerId: string,
  ) {
    super();
  }
}

@QueryHandler(GetTriggerQuery)
export class GetTriggerHandler implements IQueryHandler<GetTriggerQuery> {
  constructor(private readonly access: TriggerAccess) {}

  async execute({ auth, agentId, triggerId }: GetTriggerQuery): Promise<TriggerEnvelope> {
    const doc = await this.access.trigger(auth, agentId, triggerId);
    return { trigger: renderTrigger(doc, auth.user?.sId ?? null, Date.now()) };
  }
}

/** The stored deliveries of a webhook trigger with their outcome, newest first. */
export class ListWebhookRequestsQuery extends Query<WebhookRequestListResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
    readonly triggerId: string,
  ) {
    super();
  }
}

@QueryHandler(ListWebhookRequestsQuery)
export class ListWebhookRequestsHandler implements IQueryHandler<ListWebhookRequestsQuery> {
  constructor(
    private readonly access: TriggerAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, agentId, triggerId }: ListWebhookRequestsQuery): Promise<WebhookRequestListResponse> {
    await this.access.trigger(auth, agentId, triggerId);
    const docs = await this.readModels.find<TriggerWebhookRequestDocument>('triggerWebhookRequests', {
      where: { triggerId },
      sort: [{ field: 'receivedAt', direction: 'desc' }],
      limit: WEBHOOK_REQUESTS_LISTED,
    });
    return { requests: docs.map(renderWebhookRequest) };
  }
}
