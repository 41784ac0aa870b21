import { isDataSourceTableEvent } from '@app/contracts/events/data-source-table.events';
import { physicalCollectionName, READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { tableRowKey, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import type { ReadStore } from '@app/storage';
import type { Projection } from '../projection';

/** Rows of a table generation a truncation replaced, still to be removed from the rows read model. */
export interface TableRowPurgeRecord {
  [key: string]: unknown;
  readonly dataSourceId: string;
  readonly tableId: string;
  readonly generation: number;
}

/** Rows removed per sweep step: one bounded write, whatever the size of the table. */
export const ROW_PURGE_BATCH = 5_000;

function purgeKey(dataSourceId: string, tableId: string, generation: number): string {
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
  const stale = await store.find<TableRowRecord>(rows, { where: { dataSourceId, tableId, generation: pending.generation }, limit: ROW_PURGE_BATCH });
  const deletes = stale.map((row) => ({ collection: rows, id: tableRowKey(dataSourceId, tableId, row.generation, row.rowId) }));
  if (stale.length < ROW_PURGE_BATCH) deletes.push({ collection: purges, id: purgeKey(dataSourceId, tableId, pending.generation) });
  await store.commit({ puts: [], deletes });
  return deletes.length;
}

/** Generations of table rows left behind by truncations, until the sweep has removed their rows. */
export const tableRowPurgeProjection: Projection<TableRowPurgeRecord> = {
  ...READ_MODELS.tableRowPurges,
  indexes: [],
  canHandle: ['TableTruncated'],
  documentIds(event) {
    if (!isDataSourceTableEvent(event) || event.type !== 'TableTruncated') return [];
    return [purgeKey(event.data.dataSourceId, event.data.tableId, event.data.generation - 1)];
  },
  evolve(doc, event) {
    if (!isDataSourceTableEvent(event) || event.type !== 'TableTruncated') return doc;
    return { dataSourceId: event.data.dataSourceId, tableId: event.data.tableId, generation: event.data.generation - 1 };
  },
  sweep: purgeStep,
};
