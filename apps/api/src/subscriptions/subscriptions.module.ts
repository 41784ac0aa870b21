import { Module } from '@nestjs/common';
import { DeleteSubscriptionHandler, SetSubscriptionPausedHandler } from './commands/change-subscription.command';
import { CreateSubscriptionHandler } from './commands/create-subscription.command';
import { ReplaySubscriptionHandler } from './commands/replay-subscription.command';
import { GetSubscriptionHandler, ListSubscriptionDeliveriesHandler, ListSubscriptionsHandler } from './queries/subscription.queries';
import { SubscriptionEventStreamHandler } from './queries/subscription-event-stream.query';
import { SubscriptionDeliverer } from './subscription-deliverer';
import { SubscriptionEventsController } from './subscription-events.controller';
import { SubscriptionMatcher } from './subscription-matcher';
import { SubscriptionReader } from './subscription-reader';
import { SubscriptionSecrets } from './subscription-secrets';
import { SubscriptionTargets } from './subscription-targets';
import { SubscriptionsController } from './subscriptions.controller';
import { WebhookSender } from './webhook-sender';

/** Event subscriptions: admins subscribe URLs to public event kinds, delivered signed from the log. */
@Module({
  controllers: [SubscriptionsController, SubscriptionEventsController],
  providers: [
    SubscriptionReader,
    SubscriptionSecrets,
    SubscriptionTargets,
    SubscriptionMatcher,
    WebhookSender,
    SubscriptionDeliverer,
    CreateSubscriptionHandler,
    SetSubscriptionPausedHandler,
    DeleteSubscriptionHandler,
    ListSubscriptionsHandler,
    GetSubscriptionHandler,
    ReplaySubscriptionHandler,
    ListSubscriptionDeliveriesHandler,
    SubscriptionEventStreamHandler,
  ],
})
export class SubscriptionsModule {}
