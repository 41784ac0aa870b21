import { isDataSourceTableEvent } from '@app/contracts/events/data-source-table.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { dataSourceTableKey, type DataSourceTableRecord } from '@app/contracts/read-models/table.read-models';
import type { Projection } from '../projection';

/** Live tables of each data source: metadata, current schema and row generation. */
export const dataSourceTableProjection: Projection<DataSourceTableRecord> = {
  ...READ_MODELS.dataSourceTables,
  indexes: [{ equal: ['dataSourceId'], sort: [{ field: 'timestamp', direction: 'desc' }] }, { equal: ['dataSourceId', 'name'] }],
  canHandle: ['TableUpserted', 'TableDeleted', 'TableParentsChanged', 'TableRowsUpserted', 'TableTruncated'],
  documentIds: (event) => (isDataSourceTableEvent(event) ? [dataSourceTableKey(event.data.dataSourceId, event.data.tableId)] : []),
  evolve(doc, event) {
    if (!isDataSourceTableEvent(event)) return doc;
    switch (event.type) {
      case 'TableUpserted': {
        const { at, ...data } = event.data;
        return { ...data, schema: doc?.schema ?? [], updatedAt: at };
      }
      case 'TableParentsChanged':
        return doc && { ...doc, parentId: event.data.parentId, parents: event.data.parents, updatedAt: event.data.at };
      case 'TableTruncated':
        return doc && { ...doc, generation: event.data.generation, schema: [], updatedAt: event.data.at };
      case 'TableRowsUpserted':
        return doc && { ...doc, generation: event.data.generation, schema: event.data.schema, updatedAt: event.data.at };
      case 'TableDeleted':
        return null;
      default:
        return doc;
    }
  },
};
