import { isDataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import { isDataSourceTableEvent } from '@app/contracts/events/data-source/data-source-table.events';
import { physicalCollectionName, READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { tableRowKey, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import type { ReadStore, RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';

/** Rows of a table generation a truncation or an import replaced, a failed import staged or a deletion left, still to be removed from the rows read model. */
export interface TableRowPurgeRecord {
  [key: string]: unknown;
  readonly dataSourceId: string;
  /** Null: every row of the data source (it was deleted, and data source ids are never reused). */
  readonly tableId: string | null;
  readonly generation: number | null;
}

/** Rows removed per sweep step: one bounded write, whatever the size of the table. */
export const ROW_PURGE_BATCH = 5_000;

function purgeKey(dataSourceId: string, tableId: string | null, generation: number | null): string {
  return JSON.stringify([dataSourceId, tableId, generation]);
}

/**
 * Removes up to {@link ROW_PURGE_BATCH} rows of the first pending generation, and the pending
 * record with the last of them. The projector never writes rows of a generation once its
 * truncation is applied, so these deletes meet no concurrent write; a rebuild records the purges
 * again in its own collections, and they run once it is active.
 */
async function purgeStep(store: ReadStore, generation: number): Promise<number> {
  const purges = physicalCollectionName(READ_MODELS.tableRowPurges, generation);
  const rows = physicalCollectionName(READ_MODELS.tableRows, generation);
  const [pending] = await store.find<TableRowPurgeRecord>(purges, { limit: 1 });
  if (!pending) return 0;
  const { dataSourceId, tableId } = pending;
  const where: Record<string, string | number | null> = tableId === null ? { dataSourceId } : { dataSourceId, tableId, generation: pending.generation };
  const stale = await store.find<TableRowRecord>(rows, { where, limit: ROW_PURGE_BATCH });
  const deletes = stale.map((row) => ({ collection: rows, id: tableRowKey(dataSourceId, row.tableId, row.generation, row.rowId) }));
  if (stale.length < ROW_PURGE_BATCH) deletes.push({ collection: purges, id: purgeKey(dataSourceId, tableId, pending.generation) });
  await store.commit({ puts: [], deletes });
  return deletes.length;
}

/**
 * The rows an event leaves behind: the generation a truncation or a completed import replaced, the
 * one a failed import staged, the one a deleted table had, or all of a deleted data source's.
 */
function leftGeneration(event: RecordedEvent): TableRowPurgeRecord | null {
  if (isDataSourceEvent(event) && event.type === 'DataSourceDeleted') return { dataSourceId: event.data.dataSourceId, tableId: null, generation: null };
  if (!isDataSourceTableEvent(event)) return null;
  const { dataSourceId, tableId } = event.data;
  if (event.type === 'TableTruncated') return { dataSourceId, tableId, generation: event.data.replacedGeneration ?? event.data.generation - 1 };
  if (event.type === 'TableImportCompleted') return { dataSourceId, tableId, generation: event.data.replacedGeneration };
  if (event.type === 'TableImportFailed') return { dataSourceId, tableId, generation: event.data.generation };
  // A table created again starts at the next generation, so these rows are nobody's.
  if (event.type === 'TableDeleted' && typeof event.data.generation === 'number') return { dataSourceId, tableId, generation: event.data.generation };
  return null;
}

/** Generations of table rows left behind by truncations and deletions, until the sweep has removed their rows. */
export const tableRowPurgeProjection: Projection<TableRowPurgeRecord> = {
  ...READ_MODELS.tableRowPurges,
  indexes: [],
  canHandle: ['TableTruncated', 'TableImportCompleted', 'TableImportFailed', 'TableDeleted', 'DataSourceDeleted'],
  documentIds(event) {
    const left = leftGeneration(event);
    return left ? [purgeKey(left.dataSourceId, left.tableId, left.generation)] : [];
  },
  evolve(doc, event) {
    return leftGeneration(event) ?? doc;
  },
  sweep: purgeStep,
};
