import { PUBLIC_EVENT_KINDS } from '@app/contracts/events/subscription.events';
import type { SubscriptionDocument } from '@app/contracts/read-models/subscription.read-models';
import type { RecordedEvent } from '@app/storage';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiEventStream } from '../common/openapi/api-operation.decorators';
import { rawLastEventId, serveSse, type SseFrame } from '../common/sse/sse-stream';
import { deliveryBody, deliveryIdOf } from './delivery-message';
import { SubscriptionEventStreamQuery } from './queries/subscription-event-stream.query';
import { SubscriptionMatcher } from './subscription-matcher';
import { subscriptionsPath } from './subscriptions.controller';

/** A pulling consumer reconnects after this long without a matching event. */
const IDLE_TIMEOUT_MS = 3 * 60 * 1000;

/**
 * The pull variant of a subscription: the same messages its webhooks carry, as server-sent events
 * whose id is the event's log position, so a consumer resuming with `Last-Event-ID` gets exactly
 * what followed. Independent of the webhook deliveries (a paused subscription still streams).
 */
@Controller()
export class SubscriptionEventsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly matcher: SubscriptionMatcher,
  ) {}

  @AdminOnly()
  @Get(subscriptionsPath('/:sId/events'))
  @ApiEventStream({
    summary: "Stream a subscription's events (admins)",
    payloadTypes: [...PUBLIC_EVENT_KINDS],
    ends: 'The server closes the stream after 3 minutes without an event. Event ids are log positions; `data` is the body a webhook delivery carries.',
  })
  async events(@Auth() auth: AuthContext, @Param('sId') sId: string, @Req() request: ExpressRequest, @Res() response: ExpressResponse): Promise<void> {
    const { subscription, events } = await this.queryBus.execute(new SubscriptionEventStreamQuery(auth, sId, rawLastEventId(request)));
    await serveSse(request, response, events, (recorded) => this.toFrames(subscription, recorded), { idleTimeoutMs: IDLE_TIMEOUT_MS });
  }

  private async toFrames(subscription: SubscriptionDocument, recorded: RecordedEvent): Promise<SseFrame[]> {
    const published = await this.matcher.match(subscription, recorded);
    if (!published) return [];
    const body = deliveryBody(deliveryIdOf(subscription.sId, recorded.position), subscription.workspaceId, recorded, published);
    return [{ eventId: String(recorded.position), data: JSON.parse(body) as object }];
  }
}
