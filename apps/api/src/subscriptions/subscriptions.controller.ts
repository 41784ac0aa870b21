import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import {
  CreatedSubscriptionEnvelopeSchema,
  ListSubscriptionDeliveriesResponseSchema,
  ListSubscriptionsResponseSchema,
  ReplaySubscriptionResponseSchema,
  SubscriptionEnvelopeSchema,
} from '@app/contracts/http/openapi/subscription.schema';
import { CreateSubscriptionDto, ReplaySubscriptionDto } from '@app/contracts/http/subscription.dto';
import type {
  CreatedSubscriptionEnvelope,
  ListSubscriptionDeliveriesResponse,
  ListSubscriptionsResponse,
  ReplaySubscriptionResponse,
  SubscriptionEnvelope,
} from '@app/contracts/http/subscription.types';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CreateSubscriptionCommand } from './commands/create-subscription.command';
import { DeleteSubscriptionCommand, SetSubscriptionPausedCommand } from './commands/change-subscription.command';
import { ReplaySubscriptionCommand } from './commands/replay-subscription.command';
import { GetSubscriptionQuery, ListSubscriptionDeliveriesQuery, ListSubscriptionsQuery } from './queries/subscription.queries';

/** Path of the private family's subscriptions. */
export const subscriptionsPath = (suffix = '') => `api/w/:wId/subscriptions${suffix}`;

/** Event subscriptions of a workspace (admins): signed webhooks that follow the event log. */
@Controller()
export class SubscriptionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @AdminOnly()
  @Post(subscriptionsPath())
  @HttpCode(200)
  @ApiSuccess('Subscribe a URL to event kinds (admins); the answer shows the signing secret, once', CreatedSubscriptionEnvelopeSchema)
  create(@Auth() auth: AuthContext, @Body() body: CreateSubscriptionDto): Promise<CreatedSubscriptionEnvelope> {
    return this.commandBus.execute(new CreateSubscriptionCommand(auth, body));
  }

  @AdminOnly()
  @Get(subscriptionsPath())
  @ApiSuccess('List the event subscriptions of the workspace (admins)', ListSubscriptionsResponseSchema)
  list(@Auth() auth: AuthContext): Promise<ListSubscriptionsResponse> {
    return this.queryBus.execute(new ListSubscriptionsQuery(auth));
  }

  @AdminOnly()
  @Get(subscriptionsPath('/:sId'))
  @ApiSuccess('Read an event subscription (admins), with why it is paused when it is', SubscriptionEnvelopeSchema)
  get(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SubscriptionEnvelope> {
    return this.queryBus.execute(new GetSubscriptionQuery(auth, sId));
  }

  @AdminOnly()
  @Post(subscriptionsPath('/:sId/pause'))
  @HttpCode(200)
  @ApiSuccess('Pause deliveries of a subscription (admins)', SubscriptionEnvelopeSchema)
  pause(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SubscriptionEnvelope> {
    return this.commandBus.execute(new SetSubscriptionPausedCommand(auth, sId, true));
  }

  @AdminOnly()
  @Post(subscriptionsPath('/:sId/resume'))
  @HttpCode(200)
  @ApiSuccess('Resume deliveries of a subscription from where they stopped (admins)', SubscriptionEnvelopeSchema)
  resume(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SubscriptionEnvelope> {
    return this.commandBus.execute(new SetSubscriptionPausedCommand(auth, sId, false));
  }

  @AdminOnly()
  @Delete(subscriptionsPath('/:sId'))
  @ApiSuccess('Delete an event subscription (admins)', SuccessSchema)
  remove(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SuccessResponse> {
    return this.commandBus.execute(new DeleteSubscriptionCommand(auth, sId));
  }

  @AdminOnly()
  @Post(subscriptionsPath('/:sId/replay'))
  @HttpCode(200)
  @ApiSuccess('Deliver again every matching event from an instant (epoch ms) or from a delivery id (admins)', ReplaySubscriptionResponseSchema)
  replay(@Auth() auth: AuthContext, @Param('sId') sId: string, @Body() body: ReplaySubscriptionDto): Promise<ReplaySubscriptionResponse> {
    return this.commandBus.execute(new ReplaySubscriptionCommand(auth, sId, body));
  }

  @AdminOnly()
  @Get(subscriptionsPath('/:sId/deliveries'))
  @ApiSuccess('List the recent delivery attempts of a subscription with status codes and timings (admins)', ListSubscriptionDeliveriesResponseSchema)
  deliveries(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<ListSubscriptionDeliveriesResponse> {
    return this.queryBus.execute(new ListSubscriptionDeliveriesQuery(auth, sId));
  }
}
