import type { WebhookDeliveryResponse } from '@app/contracts/http/trigger.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../common/http/api-error';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TriggerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { firingTriggerOf, TriggerFiring } from '../trigger-firing';
import { TriggerSecrets } from '../trigger-secrets';

const triggerNotFound = () => new ApiError('trigger_not_found', 'The trigger you requested was not found.');

/** A delivery to a hook URL: its headers (lower-cased names), its bytes and its parsed JSON. */
export class ReceiveWebhookCommand extends Command<WebhookDeliveryResponse> {
  constructor(
    readonly workspaceId: string,
    readonly triggerId: string,
    readonly urlSecret: string,
    readonly headers: Readonly<Record<string, string | string[] | undefined>>,
    readonly raw: Buffer,
    readonly payload: unknown,
  ) {
    super();
  }
}

/**
 * Checks a delivery (the URL secret, then the signature when the trigger has a signing secret,
 * both in constant time), stores it with its outcome, and starts a run when it matched. An
 * unknown trigger and a wrong URL secret answer the same 404; a missing or wrong signature is a
 * 401 and nothing is stored.
 */
@CommandHandler(ReceiveWebhookCommand)
export class ReceiveWebhookHandler implements ICommandHandler<ReceiveWebhookCommand> {
  constructor(
    private readonly triggers: TriggerAggregateWriter,
    private readonly secrets: TriggerSecrets,
    private readonly firing: TriggerFiring,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ workspaceId, triggerId, urlSecret, headers, raw, payload }: ReceiveWebhookCommand): Promise<WebhookDeliveryResponse> {
    const state = await this.triggers.read(triggerId);
    const trigger = state.trigger;
    if (!trigger || state.deleted || trigger.workspaceId !== workspaceId || trigger.settings.kind !== 'webhook') throw triggerNotFound();
    const security = trigger.settings.webhook;
    if (!this.secrets.urlSecretMatches(urlSecret, security.urlSecretHash)) throw triggerNotFound();
    if (security.sealedSigningSecret !== null) {
      const signature = headerOf(headers, security.signatureHeader);
      if (!this.secrets.signatureMatches(security.sealedSigningSecret, security.signatureAlgorithm, raw, signature)) {
        throw new ApiError('not_authenticated', `The delivery's signature (${security.signatureHeader}) is missing or does not match its body.`);
      }
    }
    const requestId = `whr_${newSId()}`;
    const outcome = await this.triggers.run(triggerId, { type: 'ReceiveWebhookRequest', requestId, eventName: headerOf(headers, security.eventHeader) ?? null, payload }, `trigger:${triggerId}`);
    const received = outcome.events.find((event) => event.type === 'TriggerWebhookRequestReceived');
    const status = received?.type === 'TriggerWebhookRequestReceived' ? received.data.outcome : 'not_matched';
    if (status !== 'matched') {
      if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
      return { requestId, status, conversationId: null };
    }
    const { conversationId } = await this.firing.fire(firingTriggerOf(triggerId, trigger), { firingId: requestId, requestId, payload });
    return { requestId, status: conversationId === null ? 'failed' : 'matched', conversationId };
  }
}

function headerOf(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
