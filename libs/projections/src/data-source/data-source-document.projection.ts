import { isDataSourceDocumentEvent } from '@app/contracts/events/data-source/data-source-document.events';
import { sectionText } from '@app/contracts/documents/document-section';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import { dataSourceDocumentKey, type DataSourceDocumentRecord } from '@app/contracts/read-models/data-source.read-models';
import type { Projection } from '../projection';

/** Live documents of each data source, with their text, for get, list and blob. */
export const dataSourceDocumentProjection: Projection<DataSourceDocumentRecord> = {
  ...READ_MODELS.dataSourceDocuments,
  indexes: [{ equal: ['dataSourceId'], sort: [{ field: 'timestamp', direction: 'desc' }] }, { equal: ['dataSourceId', 'documentId'] }],
  canHandle: ['DocumentUpserted', 'DocumentDeleted', 'DocumentParentsChanged'],
  documentIds: (event) => (isDataSourceDocumentEvent(event) ? [dataSourceDocumentKey(event.data.dataSourceId, event.data.documentId)] : []),
  evolve(doc, event) {
    if (!isDataSourceDocumentEvent(event)) return doc;
    switch (event.type) {
      case 'DocumentUpserted': {
        const { spaceId: _space, at, tokenizer: _tokenizer, ...data } = event.data;
        return { ...data, text: sectionText(data.section), updatedAt: at };
      }
      case 'DocumentParentsChanged':
        return doc && { ...doc, parentId: event.data.parentId, parents: event.data.parents, updatedAt: event.data.at };
      case 'DocumentDeleted':
        return null;
      default:
        return doc;
    }
  },
};
