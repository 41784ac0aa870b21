import { tableAggregateId } from '@app/domain/data-source/table.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
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
    private readonly tables: TableAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, tableId }: DeleteTableCommand): Promise<void> {
    requireDataSourceWriter(auth);
    const outcome = await this.tables.run(tableAggregateId(target.dataSource.sId, tableId), { type: 'DeleteTable', address: tableAddress(target, tableId) }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
  }
}
