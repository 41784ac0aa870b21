import type { SuccessResponse } from '@app/contracts/http/table.types';
import { tableAggregateId } from '@app/domain/data-source/table.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { findRow, loadTable, tableAddress } from '../table-lookup';

/** Deletes one row (404 when the table or the row does not exist). */
export class DeleteTableRowCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly tableId: string,
    readonly rowId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteTableRowCommand)
export class DeleteTableRowHandler implements ICommandHandler<DeleteTableRowCommand> {
  constructor(
    private readonly tables: TableAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, tableId, rowId }: DeleteTableRowCommand): Promise<SuccessResponse> {
    requireDataSourceWriter(auth);
    const table = await loadTable(this.readModels, target, tableId);
    if (!(await findRow(this.readModels, table, rowId))) throw new ApiError('table_row_not_found', 'The row you requested was not found.');
    const outcome = await this.tables.run(tableAggregateId(target.dataSource.sId, tableId), { type: 'DeleteTableRow', address: tableAddress(target, tableId), rowId }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { success: true };
  }
}
