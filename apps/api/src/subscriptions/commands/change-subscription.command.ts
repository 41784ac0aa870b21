import type { SubscriptionEnvelope } from '@app/contracts/http/subscription.types';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { SubscriptionAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { SubscriptionReader } from '../subscription-reader';

/** An admin pauses or resumes a subscription (resuming delivers from where it stopped). */
export class SetSubscriptionPausedCommand extends Command<SubscriptionEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly subscriptionId: string,
    readonly paused: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetSubscriptionPausedCommand)
export class SetSubscriptionPausedHandler implements ICommandHandler<SetSubscriptionPausedCommand> {
  constructor(
    private readonly subscriptions: SubscriptionAggregateWriter,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute({ auth, subscriptionId, paused }: SetSubscriptionPausedCommand): Promise<SubscriptionEnvelope> {
    requireAdmin(auth);
    await this.reader.subscription(auth, subscriptionId);
    const outcome = await this.subscriptions.run(
      subscriptionId,
      paused ? { type: 'PauseSubscription', by: 'admin', message: null } : { type: 'ResumeSubscription' },
      auth,
    );
    return { subscription: await this.reader.rendered(auth, subscriptionId, outcome.position) };
  }
}

/** An admin deletes a subscription: nothing more is delivered to it. */
export class DeleteSubscriptionCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly subscriptionId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteSubscriptionCommand)
export class DeleteSubscriptionHandler implements ICommandHandler<DeleteSubscriptionCommand> {
  constructor(
    private readonly subscriptions: SubscriptionAggregateWriter,
    private readonly reader: SubscriptionReader,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, subscriptionId }: DeleteSubscriptionCommand): Promise<SuccessResponse> {
    requireAdmin(auth);
    await this.reader.subscription(auth, subscriptionId);
    const outcome = await this.subscriptions.run(subscriptionId, { type: 'DeleteSubscription' }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { success: true };
  }
}
