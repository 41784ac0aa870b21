import { Module } from '@nestjs/common';
import { DeleteSubscriptionHandler, SetSubscriptionPausedHandler } from './commands/change-subscription.command';
import { CreateSubscriptionHandler } from './commands/create-subscription.command';
import { GetSubscriptionHandler, ListSubscriptionsHandler } from './queries/subscription.queries';
import { SubscriptionReader } from './subscription-reader';
import { SubscriptionSecrets } from './subscription-secrets';
import { SubscriptionTargets } from './subscription-targets';
import { SubscriptionsController } from './subscriptions.controller';

/** Event subscriptions: admins subscribe URLs to public event kinds, delivered signed from the log. */
@Module({
  controllers: [SubscriptionsController],
  providers: [
    SubscriptionReader,
    SubscriptionSecrets,
    SubscriptionTargets,
    CreateSubscriptionHandler,
    SetSubscriptionPausedHandler,
    DeleteSubscriptionHandler,
    ListSubscriptionsHandler,
    GetSubscriptionHandler,
  ],
})
export class SubscriptionsModule {}
