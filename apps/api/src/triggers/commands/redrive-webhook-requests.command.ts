import type { RedriveResponse, RedriveResult } from '@app/contracts/http/trigger.types';
import type { RedriveWebhookRequestsDto } from '@app/contracts/http/trigger.dto';
import type { TriggerWebhookRequestDocument } from '@app/contracts/read-models/trigger.read-models';
import { parseWebhookFilter, webhookMatches } from '@app/domain/trigger/webhook-match';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TriggerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { WEBHOOK_REQUESTS_LISTED } from '../queries/trigger.queries';
import { TriggerAccess } from '../trigger-access';
import { firingTriggerOf, TriggerFiring } from '../trigger-firing';

/**
 * Runs stored deliveries again. A dry run (the default) reports which would match a filter, event
 * or prompt given here instead of the trigger's, and writes nothing; a real re-drive uses the
 * trigger's own settings (update them first), counts against the daily cap and starts a run for
 * each match, recorded on the delivery.
 */
export class RedriveWebhookRequestsCommand extends Command<RedriveResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly agentId: string,
    readonly triggerId: string,
    readonly input: RedriveWebhookRequestsDto,
  ) {
    super();
  }
}

@CommandHandler(RedriveWebhookRequestsCommand)
export class RedriveWebhookRequestsHandler implements ICommandHandler<RedriveWebhookRequestsCommand> {
  constructor(
    private readonly access: TriggerAccess,
    private readonly triggers: TriggerAggregateWriter,
    private readonly firing: TriggerFiring,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, agentId, triggerId, input }: RedriveWebhookRequestsCommand): Promise<RedriveResponse> {
    const doc = await this.access.trigger(auth, agentId, triggerId);
    const state = await this.triggers.read(triggerId);
    const trigger = state.trigger;
    if (!trigger || trigger.settings.kind !== 'webhook') throw new ApiError('invalid_request_error', 'Only webhook triggers have deliveries to re-drive.');
    const dryRun = input.dryRun ?? true;
    const overrides = input.filter !== undefined || input.event !== undefined || input.customPrompt !== undefined;
    if (!dryRun && overrides) throw new ApiError('invalid_request_error', "A re-drive for real uses the trigger's own filter, event and prompt: update the trigger first.");
    const current = trigger.settings.configuration;
    const filter = input.filter !== undefined ? input.filter : current.filter;
    const event = input.event !== undefined ? input.event : current.event;
    if (filter !== null) parseWebhookFilter(filter);
    const requests = await this.requests(doc.sId, input.requestIds);
    const results: RedriveResult[] = [];
    for (const request of requests) {
      if (dryRun) {
        results.push({ requestId: request.sId, outcome: webhookMatches({ event, filter }, request.eventName, request.payload) ? 'matched' : 'not_matched', conversationId: null });
      } else {
        results.push(await this.redrive(triggerId, request));
      }
    }
    return {
      dryRun,
      filter,
      event,
      customPrompt: input.customPrompt !== undefined ? input.customPrompt : trigger.settings.customPrompt,
      matched: results.filter((result) => result.outcome === 'matched').length,
      results,
    };
  }

  private async requests(triggerId: string, requestIds: readonly string[] | undefined): Promise<TriggerWebhookRequestDocument[]> {
    if (requestIds === undefined) {
      return this.readModels.find<TriggerWebhookRequestDocument>('triggerWebhookRequests', { where: { triggerId }, sort: [{ field: 'receivedAt', direction: 'desc' }], limit: WEBHOOK_REQUESTS_LISTED });
    }
    const found = await this.readModels.getMany<TriggerWebhookRequestDocument>('triggerWebhookRequests', requestIds);
    return requestIds.map((requestId) => {
      const request = found.get(requestId);
      if (!request || request.triggerId !== triggerId) throw new ApiError('webhook_request_not_found', `No stored delivery ${requestId} on this trigger.`);
      return request;
    });
  }

  private async redrive(triggerId: string, request: TriggerWebhookRequestDocument): Promise<RedriveResult> {
    const firingId = `fir_${newSId()}`;
    const outcome = await this.triggers.run(triggerId, { type: 'RedriveWebhookRequest', requestId: request.sId, firingId, eventName: request.eventName, payload: request.payload }, `trigger:${triggerId}`);
    const redriven = outcome.events.find((event) => event.type === 'TriggerWebhookRequestRedriven');
    const status = redriven?.type === 'TriggerWebhookRequestRedriven' ? redriven.data.outcome : 'not_matched';
    if (status !== 'matched') {
      if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
      return { requestId: request.sId, outcome: status, conversationId: null };
    }
    const { conversationId } = await this.firing.fire(firingTriggerOf(triggerId, outcome.state.trigger!), { firingId, requestId: request.sId, payload: request.payload });
    return { requestId: request.sId, outcome: conversationId === null ? 'failed' : 'matched', conversationId };
  }
}
