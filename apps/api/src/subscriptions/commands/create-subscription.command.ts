import type { CreateSubscriptionDto } from '@app/contracts/http/subscription.dto';
import type { CreatedSubscriptionEnvelope } from '@app/contracts/http/subscription.types';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { requireAdmin } from '../../auth/roles';
import { newSId } from '../../common/ids';
import { SubscriptionAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { SubscriptionReader } from '../subscription-reader';
import { SubscriptionSecrets } from '../subscription-secrets';
import { SubscriptionTargets } from '../subscription-targets';

/** An admin subscribes a URL to public event kinds; the answer carries the signing secret, once. */
export class CreateSubscriptionCommand extends Command<CreatedSubscriptionEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly body: CreateSubscriptionDto,
  ) {
    super();
  }
}

@CommandHandler(CreateSubscriptionCommand)
export class CreateSubscriptionHandler implements ICommandHandler<CreateSubscriptionCommand> {
  constructor(
    private readonly subscriptions: SubscriptionAggregateWriter,
    private readonly reader: SubscriptionReader,
    private readonly secrets: SubscriptionSecrets,
    private readonly targets: SubscriptionTargets,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth, body }: CreateSubscriptionCommand): Promise<CreatedSubscriptionEnvelope> {
    requireAdmin(auth);
    const url = this.targets.validUrl(body.url);
    const { secret, sealed } = this.secrets.newSecret();
    const subscriptionId = `sub_${newSId(12)}`;
    const outcome = await this.subscriptions.run(
      subscriptionId,
      {
        type: 'CreateSubscription',
        workspaceId: auth.workspace.sId,
        url,
        events: [...new Set(body.events)],
        filters: { spaceIds: body.filters?.spaceIds ?? [], agentIds: body.filters?.agentIds ?? [] },
        sealedSecret: sealed,
        // What happens from now on: the log as it stands is history, which a replay can backfill.
        startAfterPosition: await this.eventStore.headPosition(),
        createdBy: auth.user?.sId ?? null,
      },
      auth,
    );
    return { subscription: await this.reader.rendered(auth, subscriptionId, outcome.position), secret };
  }
}
