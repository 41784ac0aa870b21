import { isDataSourceFolderEvent } from '@app/contracts/events/data-source/data-source-folder.events';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { dataSourceFolderKey, type DataSourceFolderRecord } from '@app/contracts/read-models/data-source.read-models';
import type { Projection } from '../projection';

/** Live folders of each data source, for node search and the parents documents and tables name. */
export const dataSourceFolderProjection: Projection<DataSourceFolderRecord> = {
  ...READ_MODELS.dataSourceFolders,
  indexes: [{ equal: ['dataSourceId'], sort: [{ field: 'timestamp', direction: 'desc' }] }],
  canHandle: ['FolderUpserted', 'FolderDeleted'],
  documentIds: (event) => (isDataSourceFolderEvent(event) ? [dataSourceFolderKey(event.data.dataSourceId, event.data.folderId)] : []),
  evolve(doc, event) {
    if (!isDataSourceFolderEvent(event)) return doc;
    switch (event.type) {
      case 'FolderUpserted': {
        const { spaceId: _space, at, ...data } = event.data;
        return { ...data, updatedAt: at };
      }
      case 'FolderDeleted':
        return null;
      default:
        return doc;
    }
  },
};
