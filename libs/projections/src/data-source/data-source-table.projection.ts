import { DATA_SOURCE_TABLE_EVENT_TYPES, isDataSourceTableEvent } from '@app/contracts/events/data-source/data-source-table.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { dataSourceTableKey, type DataSourceTableRecord, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { addToBlock, rowBlockOf } from '@app/contracts/tables/row-blocks';
import type { DocumentChange, Projection } from '../projection';

/** Live rows of one generation, in all and per ordinal block. */
type Tally = { rowCount: number; rowBlocks: Record<string, number> };

/**
 * Rows of the table's current generation counted as they come and go, with their ordinal blocks;
 * and those a running import stages in its own generation, counted apart.
 */
function tallyRows(doc: DataSourceTableRecord | null, changes: readonly DocumentChange[]): DataSourceTableRecord | null {
  if (!doc) return doc;
  const current: Tally = { rowCount: doc.rowCount, rowBlocks: { ...doc.rowBlocks } };
  const staged: Tally | null = doc.staged && { rowCount: doc.staged.rowCount, rowBlocks: { ...doc.staged.rowBlocks } };
  const tallyOf = (row: TableRowRecord | null): Tally | null => {
    if (row === null || row.dataSourceId !== doc.dataSourceId || row.tableId !== doc.tableId) return null;
    if (row.generation === doc.generation) return current;
    return staged && row.generation === doc.staged?.generation ? staged : null;
  };
  for (const change of changes) {
    const before = change.before as TableRowRecord | null;
    const after = change.after as TableRowRecord | null;
    const left = tallyOf(before);
    if (left && before) {
      left.rowCount -= 1;
      addToBlock(left.rowBlocks, rowBlockOf(before.ordinal), -1);
    }
    const came = tallyOf(after);
    if (came && after) {
      came.rowCount += 1;
      addToBlock(came.rowBlocks, rowBlockOf(after.ordinal), 1);
    }
  }
  return { ...doc, ...current, staged: staged && doc.staged && { generation: doc.staged.generation, ...staged } };
}

/**
 * Live tables of each data source: metadata, current schema, row generation, row counts and import
 * status. A running import's rows are counted apart, and become the table's all at once.
 */
export const dataSourceTableProjection: Projection<DataSourceTableRecord> = {
  ...READ_MODELS.dataSourceTables,
  indexes: [{ equal: ['dataSourceId'], sort: [{ field: 'timestamp', direction: 'desc' }] }, { equal: ['dataSourceId', 'name'] }],
  canHandle: DATA_SOURCE_TABLE_EVENT_TYPES,
  documentIds: (event) => (isDataSourceTableEvent(event) ? [dataSourceTableKey(event.data.dataSourceId, event.data.tableId)] : []),
  evolve(doc, event) {
    if (!isDataSourceTableEvent(event)) return doc;
    switch (event.type) {
      case 'TableUpserted': {
        const { at, ...data } = event.data;
        const rows = { schema: doc?.schema ?? [], rowCount: doc?.rowCount ?? 0, rowBlocks: doc?.rowBlocks ?? {}, importStatus: doc?.importStatus ?? null, staged: doc?.staged ?? null };
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
      case 'TableImportStarted':
        return doc && { ...doc, importStatus: { state: 'importing', rowsImported: 0, reason: null }, staged: { generation: event.data.generation, rowCount: 0, rowBlocks: {} } };
      case 'TableImportCompleted': {
        const { generation, schema, rowsImported, at } = event.data;
        const rows = { rowCount: doc?.staged?.rowCount ?? 0, rowBlocks: doc?.staged?.rowBlocks ?? {} };
        return doc && { ...doc, generation, schema, ...rows, staged: null, importStatus: { state: 'ready', rowsImported, reason: null }, updatedAt: at };
      }
      case 'TableImportFailed':
        return doc && { ...doc, staged: null, importStatus: { state: 'failed', rowsImported: 0, reason: event.data.reason } };
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
