import type { DataSourceTableEvent, TableAddress } from '@app/contracts/events/data-source/data-source-table.events';
import type { NewEvent } from '@app/storage';
import { randomUUID } from 'node:crypto';

/** Events of table `t` of data source `ds` (or another), as the table decider records them, built step by step. */
export function tableEvents(dataSourceId = 'ds') {
  const ADDRESS: TableAddress = { workspaceId: 'w', spaceId: 's', dataSourceId, tableId: 't' };
  const events: NewEvent[] = [];
  const add = (event: DataSourceTableEvent) =>
    events.push({ id: randomUUID(), type: event.type, data: event.data as unknown as NewEvent['data'], metadata: { schemaVersion: 1 } });
  const metadata = (name: string, generation = 0) =>
    add({
      type: 'TableUpserted',
      data: { ...ADDRESS, name, title: name, description: 'd', mimeType: 'text/csv', sourceUrl: null, tags: [], timestamp: 1, parentId: null, parents: ['t'], generation, createdAt: 1, at: 1 },
    });
  metadata('t');
  return {
    events,
    metadata,
    upsert: (generation: number, firstOrdinal: number, rowIds: readonly string[]) =>
      add({ type: 'TableRowsUpserted', data: { ...ADDRESS, generation, firstOrdinal, rows: rowIds.map((row_id) => ({ row_id, value: { id: row_id } })), schema: [], at: 2 } }),
    remove: (generation: number, rowId: string) => add({ type: 'TableRowDeleted', data: { ...ADDRESS, generation, rowId, at: 3 } }),
    truncate: (generation: number, replacedGeneration?: number) =>
      add({ type: 'TableTruncated', data: { ...ADDRESS, generation, ...(replacedGeneration === undefined ? {} : { replacedGeneration }), at: 4 } }),
    deleteTable: (generation: number) => add({ type: 'TableDeleted', data: { ...ADDRESS, generation, at: 6 } }),
    startImport: (importId: string, generation: number, truncate = true) =>
      add({ type: 'TableImportStarted', data: { ...ADDRESS, importId, fileId: 'fil_1', truncate, generation, at: 7 } }),
    stage: (importId: string, generation: number, firstOrdinal: number, rowIds: readonly string[], source: 'table' | 'file' = 'file') =>
      add({ type: 'TableImportRowsStaged', data: { ...ADDRESS, importId, generation, source, firstOrdinal, rows: rowIds.map((row_id) => ({ row_id, value: { id: row_id } })), schema: [], at: 8 } }),
    completeImport: (importId: string, generation: number, replacedGeneration: number, rowsImported: number) =>
      add({ type: 'TableImportCompleted', data: { ...ADDRESS, importId, generation, replacedGeneration, schema: [{ name: 'id', value_type: 'text', possible_values: null }], rowsImported, at: 9 } }),
    failImport: (importId: string, generation: number, reason: string) => add({ type: 'TableImportFailed', data: { ...ADDRESS, importId, generation, reason, at: 9 } }),
    importStatus: (state: 'importing' | 'ready' | 'failed', rowsImported: number, reason: string | null = null) =>
      add({ type: 'TableImportStatusChanged', data: { ...ADDRESS, state, rowsImported, reason, at: 5 } }),
  };
}
