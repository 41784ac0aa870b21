import { isDataSourceTableEvent, type TableImportRowsStaged, type TableRowsUpserted } from '@app/contracts/events/data-source/data-source-table.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { rowIdOfKey, tableRowKey, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { rowBlockKey, rowBlockOf } from '@app/contracts/tables/row-blocks';
import type { RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';

/** Index of each row of a batch by row id, built once per event (evolve runs once per row). */
const batchIndexes = new WeakMap<RecordedEvent, Map<string, number>>();

function indexInBatch(event: RecordedEvent, data: TableRowsUpserted['data'] | TableImportRowsStaged['data'], rowId: string): number {
  let index = batchIndexes.get(event);
  if (!index) {
    index = new Map(data.rows.map((row, i) => [row.row_id, i]));
    batchIndexes.set(event, index);
  }
  return index.get(rowId) ?? -1;
}

/**
 * One document per row of the current generation of each table, and of the generation a running
 * import stages (read by nobody until it completes). A row upserted again keeps its ordinal; rows
 * of a truncated or deleted table's older generations, or of a failed import, are no longer read,
 * and are purged with those of a deleted data source (see table-row-purge.projection). Pages are
 * read by ordinal block.
 */
export const tableRowProjection: Projection<TableRowRecord> = {
  ...READ_MODELS.tableRows,
  indexes: [
    { equal: ['dataSourceId', 'tableId', 'generation'], sort: [{ field: 'ordinal', direction: 'asc' }] },
    { equal: ['block'], sort: [{ field: 'ordinal', direction: 'asc' }] },
  ],
  canHandle: ['TableRowsUpserted', 'TableImportRowsStaged', 'TableRowDeleted'],
  documentIds(event) {
    if (!isDataSourceTableEvent(event)) return [];
    const { dataSourceId, tableId } = event.data;
    if (event.type === 'TableRowsUpserted' || event.type === 'TableImportRowsStaged') return event.data.rows.map((row) => tableRowKey(dataSourceId, tableId, event.data.generation, row.row_id));
    if (event.type === 'TableRowDeleted') return [tableRowKey(dataSourceId, tableId, event.data.generation, event.data.rowId)];
    return [];
  },
  evolve(doc, event, documentId) {
    if (!isDataSourceTableEvent(event)) return doc;
    if (event.type === 'TableRowDeleted') return null;
    if (event.type !== 'TableRowsUpserted' && event.type !== 'TableImportRowsStaged') return doc;
    const { dataSourceId, tableId, generation, firstOrdinal, rows } = event.data;
    const rowId = rowIdOfKey(documentId);
    const i = indexInBatch(event, event.data, rowId);
    if (i < 0) return doc;
    const ordinal = doc?.ordinal ?? firstOrdinal + i;
    const block = rowBlockKey(dataSourceId, tableId, generation, rowBlockOf(ordinal));
    return { dataSourceId, tableId, generation, rowId, ordinal, block, value: rows[i].value };
  },
};
