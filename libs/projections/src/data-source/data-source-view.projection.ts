import { isDataSourceEvent, type DataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import type { Projection } from '../projection';

function viewIds(event: DataSourceEvent): string[] {
  switch (event.type) {
    case 'DataSourceCreated':
      return [event.data.dataSourceViewId];
    case 'DataSourceViewParentsChanged':
      return [event.data.dataSourceViewId];
    case 'DataSourceDeleted':
      return event.data.dataSourceViewIds;
  }
}

/** Live data source views; a data source's default view shares its creating event's position as `id`. */
export const dataSourceViewProjection: Projection<DataSourceViewDocument> = {
  ...READ_MODELS.dataSourceViews,
  indexes: [
    { equal: ['workspaceId', 'spaceId'], sort: [{ field: 'createdAt', direction: 'asc' }] },
    'dataSourceId',
  ],
  canHandle: ['DataSourceCreated', 'DataSourceViewParentsChanged', 'DataSourceDeleted'],
  documentIds: (event) => (isDataSourceEvent(event) ? viewIds(event) : []),
  evolve(doc, event) {
    if (!isDataSourceEvent(event)) return doc;
    switch (event.type) {
      case 'DataSourceCreated':
        return {
          id: event.position,
          sId: event.data.dataSourceViewId,
          workspaceId: event.data.workspaceId,
          spaceId: event.data.spaceId,
          dataSourceId: event.data.dataSourceId,
          kind: 'default',
          parentsIn: null,
          createdAt: event.data.at,
          updatedAt: event.data.at,
        };
      case 'DataSourceViewParentsChanged':
        return doc && { ...doc, parentsIn: event.data.parentsIn, updatedAt: event.data.at };
      case 'DataSourceDeleted':
        return null;
      default:
        return doc;
    }
  },
};
