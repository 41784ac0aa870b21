import { dataSourceTableKey, tableRowKey, type DataSourceTableRecord, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { ApiError } from '../common/http/api-error';
import type { ReadModels } from '../event-sourcing/reading/read-models';
import type { ResolvedDataSource } from './data-source-lookup';

/** A table of the data source, or 404 `table_not_found`. */
export async function loadTable(readModels: ReadModels, target: ResolvedDataSource, tableId: string): Promise<DataSourceTableRecord> {
  const table = await readModels.get<DataSourceTableRecord>('dataSourceTables', dataSourceTableKey(target.dataSource.sId, tableId));
  if (!table) throw new ApiError('table_not_found', 'The table you requested was not found.');
  return table;
}

/** A row of the table's current generation, or null. */
export function findRow(readModels: ReadModels, table: DataSourceTableRecord, rowId: string): Promise<TableRowRecord | null> {
  return readModels.get<TableRowRecord>('tableRows', tableRowKey(table.dataSourceId, table.tableId, table.generation, rowId));
}

/** The table's address in its events. */
export function tableAddress(target: ResolvedDataSource, tableId: string) {
  return { workspaceId: target.dataSource.workspaceId, spaceId: target.space.sId, dataSourceId: target.dataSource.sId, tableId };
}
