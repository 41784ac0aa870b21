import type { UpdateTableParentsDto } from '@app/contracts/http/table.dto';
import type { UpdatedResponse } from '@app/contracts/http/data-source.types';
import { tableAggregateId } from '@app/domain/data-source/table.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { tableAddress } from '../table-lookup';

/** Sets a table's parents (404 `table_not_found` when there is no such table). */
export class UpdateTableParentsCommand extends Command<UpdatedResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly tableId: string,
    readonly body: UpdateTableParentsDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateTableParentsCommand)
export class UpdateTableParentsHandler implements ICommandHandler<UpdateTableParentsCommand> {
  constructor(
    private readonly tables: TableAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, tableId, body }: UpdateTableParentsCommand): Promise<UpdatedResponse> {
    requireDataSourceWriter(auth);
    const command = { type: 'UpdateTableParents' as const, address: tableAddress(target, tableId), parentId: body.parent_id ?? null, parents: body.parents };
    const outcome = await this.tables.run(tableAggregateId(target.dataSource.sId, tableId), command, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { updated: true };
  }
}
