import type { DataSourceTableRecord, TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { blockReadsOfPage, rowBlockKey } from '@app/contracts/tables/row-blocks';
import type { ReadModels } from '../event-sourcing/reading/read-models';

/**
 * The rows at `offset` (exact, counting live rows only) to `offset + limit` of a table in ordinal
 * order. The table's block counts say which blocks hold them, so each read is an index seek to one
 * block and a skip of less than a block, however deep the offset.
 */
export async function readRowPage(readModels: ReadModels, table: DataSourceTableRecord, offset: number, limit: number): Promise<TableRowRecord[]> {
  const collection = await readModels.collection('tableRows');
  const rows: TableRowRecord[] = [];
  for (const { block, skip, take } of blockReadsOfPage(table.rowBlocks, offset, limit)) {
    const where = { block: rowBlockKey(table.dataSourceId, table.tableId, table.generation, block) };
    rows.push(...(await readModels.store.find<TableRowRecord>(collection, { where, sort: [{ field: 'ordinal', direction: 'asc' }], limit: take, offset: skip })));
  }
  return rows;
}
