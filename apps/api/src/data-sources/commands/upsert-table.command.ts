import type { TableMetadata } from '@app/contracts/events/data-source/data-source-table.events';
import type { UpsertTableDto } from '@app/contracts/http/table.dto';
import type { GetTableResponse } from '@app/contracts/http/table.types';
import type { DataSourceTableRecord } from '@app/contracts/read-models/table.read-models';
import { renderTable } from '@app/contracts/render/table.render';
import { tableAggregateId } from '@app/domain/data-source/table.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';
import { loadTable, tableAddress } from '../table-lookup';

/** Creates a table or replaces its metadata (its rows stay). Names are unique in a data source. */
export class UpsertTableCommand extends Command<GetTableResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly body: UpsertTableDto,
  ) {
    super();
  }
}

@CommandHandler(UpsertTableCommand)
export class UpsertTableHandler implements ICommandHandler<UpsertTableCommand> {
  constructor(
    private readonly tables: TableAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, body }: UpsertTableCommand): Promise<GetTableResponse> {
    requireDataSourceWriter(auth);
    const tableId = body.table_id ?? newSId();
    const now = Date.now();
    const metadata = await tableMetadataOf(this.readModels, target, tableId, body, now);
    // The metadata's default timestamp is the command's own instant.
    const outcome = await this.tables.run(tableAggregateId(target.dataSource.sId, tableId), { type: 'UpsertTable', address: tableAddress(target, tableId), metadata, now }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { table: renderTable(await loadTable(this.readModels, target, tableId)) };
  }
}

/** A table's metadata from an upsert's body, with its defaults; 400 when another table of the data source has the name. */
export async function tableMetadataOf(readModels: ReadModels, target: ResolvedDataSource, tableId: string, body: UpsertTableDto, now: number): Promise<TableMetadata> {
  const [sameName] = await readModels.find<DataSourceTableRecord>('dataSourceTables', { where: { dataSourceId: target.dataSource.sId, name: body.name }, limit: 1 });
  if (sameName && sameName.tableId !== tableId) {
    throw new ApiError('invalid_request_error', `Table names must be unique within a data source: table "${sameName.tableId}" is already named "${body.name}".`);
  }
  const tags = body.tags ?? [];
  const titleTag = tags.find((tag) => tag.startsWith('title:'))?.slice('title:'.length);
  const parentId = body.parent_id ?? null;
  return {
    name: body.name,
    title: body.title ?? titleTag ?? body.name,
    description: body.description,
    mimeType: body.mime_type ?? 'text/csv',
    sourceUrl: body.source_url ?? null,
    tags,
    timestamp: body.timestamp ?? now,
    parentId,
    parents: body.parents ?? (parentId === null ? [tableId] : [tableId, parentId]),
  };
}
