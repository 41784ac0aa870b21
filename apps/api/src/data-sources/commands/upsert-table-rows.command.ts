import type { UpsertTableRowsDto } from '@app/contracts/http/table.dto';
import type { UpsertTableRowsResponse } from '@app/contracts/http/table.types';
import { normalizedRow } from '@app/contracts/tables/row-shape';
import { tableAggregateId } from '@app/domain/data-source/table.decider';
import { MAX_EVENT_BYTES } from '@app/storage';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { tableAddress } from '../table-lookup';

/** Rows of one event: half the event bound, leaving room for the schema and metadata. */
export const ROW_BATCH_BYTES = MAX_EVENT_BYTES / 2;

/** Upserts rows of a table (after truncating it when asked); answers with the schema they give it. */
export class UpsertTableRowsCommand extends Command<UpsertTableRowsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly tableId: string,
    readonly body: UpsertTableRowsDto,
  ) {
    super();
  }
}

@CommandHandler(UpsertTableRowsCommand)
export class UpsertTableRowsHandler implements ICommandHandler<UpsertTableRowsCommand> {
  constructor(
    private readonly tables: TableAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, tableId, body }: UpsertTableRowsCommand): Promise<UpsertTableRowsResponse> {
    requireDataSourceWriter(auth);
    const command = {
      type: 'UpsertTableRows' as const,
      address: tableAddress(target, tableId),
      rows: body.rows.map(normalizedRow),
      truncate: body.truncate ?? false,
      maxEventBytes: ROW_BATCH_BYTES,
    };
    const outcome = await this.tables.run(tableAggregateId(target.dataSource.sId, tableId), command, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const { state } = outcome;
    if (state.status !== 'live') throw new Error(`table ${tableId} is not live after a rows upsert`);
    return { table: { name: state.metadata.name, table_id: tableId, description: state.metadata.description, schema: state.schema.length > 0 ? state.schema : null } };
  }
}
