import { isDataSourceTableEvent } from '@app/contracts/events/data-source-table.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { dataSourceTableKey, type DataSourceTableRecord, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { addToBlock, rowBlockOf } from '@app/contracts/tables/row-blocks';
import type { DocumentChange, Projection } from '../projection';

/** Rows of the table's current generation counted as they come and go, with their ordinal blocks. */
function tallyRows(doc: DataSourceTableRecord | null, changes: readonly DocumentChange[]): DataSourceTableRecord | null {
  if (!doc) return doc;
  const counts = (row: TableRowRecord | null): row is TableRowRecord =>
    row !== null && row.dataSourceId === doc.dataSourceId && row.tableId === doc.tableId && row.generation === doc.generation;
  const rowBlocks = { ...doc.rowBlocks };
  let rowCount = doc.rowCount;
  for (const change of changes) {
    const before = change.before as TableRowRecord | null;
    const after = change.after as TableRowRecord | null;
    if (counts(before)) {
      rowCount -= 1;
      addToBlock(rowBlocks, rowBlockOf(before.ordinal), -1);
    }
    if (counts(after)) {
      rowCount += 1;
      addToBlock(rowBlocks, rowBlockOf(after.ordinal), 1);
    }
  }
  return { ...doc, rowCount, rowBlocks };
}

/** Live tables of each data source: metadata, current schema, row generation, row counts and import status. */
export const dataSourceTableProjection: Projection<DataSourceTableRecord> = {
  ...READ_MODELS.dataSourceTables,
  indexes: [{ equal: ['dataSourceId'], sort: [{ field: 'timestamp', direction: 'desc' }] }, { equal: ['dataSourceId', 'name'] }],
  canHandle: ['TableUpserted', 'TableDeleted', 'TableParentsChanged', 'TableRowsUpserted', 'TableTruncated', 'TableRowDeleted', 'TableImportStatusChanged'],
  documentIds: (event) => (isDataSourceTableEvent(event) ? [dataSourceTableKey(event.data.dataSourceId, event.data.tableId)] : []),
  evolve(doc, event) {
    if (!isDataSourceTableEvent(event)) return doc;
    switch (event.type) {
      case 'TableUpserted': {
        const { at, ...data } = event.data;
        const rows = { schema: doc?.schema ?? [], rowCount: doc?.rowCount ?? 0, rowBlocks: doc?.rowBlocks ?? {}, importStatus: doc?.importStatus ?? null };
        return { ...data, ...rows, updatedAt: at };
      }
      case 'TableParentsChanged':
        return doc && { ...doc, parentId: event.data.parentId, parents: event.data.parents, updatedAt: event.data.at };
      case 'TableTruncated':
        return doc && { ...doc, generation: event.data.generation, schema: [], rowCount: 0, rowBlocks: {}, updatedAt: event.data.at };
      case 'TableRowsUpserted':
        return doc && { ...doc, generation: event.data.generation, schema: event.data.schema, updatedAt: event.data.at };
      case 'TableImportStatusChanged': {
        const { state, rowsImported, reason } = event.data;
        return doc && { ...doc, importStatus: { state, rowsImported, reason } };
      }
      case 'TableDeleted':
        return null;
      default:
        return doc;
    }
  },
  // The row counts follow the rows read model: only it knows whether an upserted row is new or a
  // deleted one was there.
  follows: { of: READ_MODELS.tableRows.name, tally: tallyRows },
};
