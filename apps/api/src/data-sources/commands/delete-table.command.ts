import { tableAggregate, tableAggregateId } from '@app/domain/data-source/table.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DeciderExecutor } from '../../application/decider-executor';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../infrastructure/read-models.service';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { tableAddress } from '../table-lookup';

/** Deletes a table and its rows (404 `table_not_found` when there is none). */
export class DeleteTableCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly tableId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteTableCommand)
export class DeleteTableHandler implements ICommandHandler<DeleteTableCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, tableId }: DeleteTableCommand): Promise<void> {
    requireDataSourceWriter(auth);
    const outcome = await this.executor.execute(tableAggregate, tableAggregateId(target.dataSource.sId, tableId), { type: 'DeleteTable', address: tableAddress(target, tableId), now: Date.now() }, { actor: auth.user?.sId ?? auth.keyId });
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
  }
}
