import { isDataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { DataSourceDocument } from '@app/contracts/read-models/data-source.read-models';
import type { Projection } from '../projection';

/** Live data sources of each workspace; `id` is the position of the event that created them. */
export const dataSourceProjection: Projection<DataSourceDocument> = {
  ...READ_MODELS.dataSources,
  indexes: [
    { equal: ['workspaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] },
    { equal: ['workspaceId', 'spaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] },
    { equal: ['workspaceId', 'name'] },
  ],
  canHandle: ['DataSourceCreated', 'DataSourceDeleted'],
  documentIds: (event) => (isDataSourceEvent(event) && event.type !== 'DataSourceViewParentsChanged' ? [event.data.dataSourceId] : []),
  evolve(doc, event) {
    if (!isDataSourceEvent(event)) return doc;
    switch (event.type) {
      case 'DataSourceCreated':
        return {
          id: event.position,
          sId: event.data.dataSourceId,
          workspaceId: event.data.workspaceId,
          spaceId: event.data.spaceId,
          name: event.data.name,
          description: event.data.description,
          createdBy: event.data.createdBy,
          createdAt: event.data.at,
        };
      case 'DataSourceDeleted':
        return null;
      default:
        return doc;
    }
  },
};
