import { toConsumptionBudgetStreamName, type ConsumptionBudgetSet } from '@app/contracts/events/consumption-budget.events';
import type { ConsumptionBudgetsResponse } from '@app/contracts/http/consumption.types';
import { memberKey, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { StreamAppender } from '../event-sourcing/writing/stream-appender';
import { ConsumptionBudgets } from './consumption-budgets';

/** An admin sets or removes a monthly budget; answers the budgets in force afterwards. */
export class SetConsumptionBudgetCommand extends Command<ConsumptionBudgetsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly scope: 'workspace' | 'user',
    readonly userId: string | null,
    readonly monthlyCredits: number | null,
  ) {
    super();
  }
}

@CommandHandler(SetConsumptionBudgetCommand)
export class SetConsumptionBudgetHandler implements ICommandHandler<SetConsumptionBudgetCommand> {
  constructor(
    private readonly appender: StreamAppender,
    private readonly readModels: ReadModels,
    private readonly budgets: ConsumptionBudgets,
  ) {}

  async execute({ auth, scope, userId, monthlyCredits }: SetConsumptionBudgetCommand): Promise<ConsumptionBudgetsResponse> {
    const workspaceId = auth.workspace.sId;
    const actorId = auth.user?.sId ?? auth.keyId;
    if (scope === 'user' && userId !== null) {
      const member = await this.readModels.get<UserDocument>('users', memberKey(workspaceId, userId));
      if (!member || member.workspaceId !== workspaceId) throw new ApiError('user_not_found', 'No member of this workspace has that user id.', 404);
    }
    const at = Date.now();
    const event: ConsumptionBudgetSet = {
      type: 'ConsumptionBudgetSet',
      data: { workspaceId, scope, userId: scope === 'user' ? userId : null, monthlyCredits, actorId, at },
    };
    // A setting, last writer wins: no decider to consult, any revision.
    const { position } = await this.appender.append(toConsumptionBudgetStreamName(workspaceId), [event], { actor: actorId, expectedRevision: 'any' });
    await this.readModels.waitFor(position);
    return { budgets: await this.budgets.list(workspaceId, at) };
  }
}
