import { TriggerEnvelopeSchema, WebhookDeliveryResponseSchema } from '@app/contracts/http/openapi/trigger.schema';
import type { TriggerEnvelope, WebhookDeliveryResponse } from '@app/contracts/http/trigger.types';
import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { PublicRoute } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ReceiveWebhookCommand } from './commands/receive-webhook.command';
import { GetTriggerQuery } from './queries/trigger.queries';
import { readWebhookBody } from './webhook-body';

/** Triggers on the public family: reading one by id, and the hook that webhook deliveries reach. */
@Controller()
export class PublicTriggersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('api/v1/w/:wId/triggers/:tId')
  @ApiSuccess("Read a trigger (the agent's editors and admins)", TriggerEnvelopeSchema)
  read(@Auth() auth: AuthContext, @Param('tId') triggerId: string): Promise<TriggerEnvelope> {
    return this.queryBus.execute(new GetTriggerQuery(auth, null, triggerId));
  }

  /**
   * No key: the secret in the path (and the HMAC signature, when the trigger has a signing secret)
   * is what a delivery proves itself with. JSON only, at most 2 MB.
   */
  @Post('api/v1/w/:wId/triggers/hooks/:tId/:secret')
  @HttpCode(200)
  @PublicRoute()
  @ApiSuccess('Deliver a webhook to a trigger: stored with its outcome, and a run started when it matches', WebhookDeliveryResponseSchema)
  async hook(@Param('wId') workspaceId: string, @Param('tId') triggerId: string, @Param('secret') secret: string, @Req() request: ExpressRequest): Promise<WebhookDeliveryResponse> {
    const { raw, payload } = await readWebhookBody(request);
    return this.commandBus.execute(new ReceiveWebhookCommand(workspaceId, triggerId, secret, request.headers, raw, payload));
  }
}
