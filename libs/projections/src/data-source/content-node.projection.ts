import { isDataSourceDocumentEvent } from '@app/contracts/events/data-source/data-source-document.events';
import { isDataSourceFolderEvent } from '@app/contracts/events/data-source/data-source-folder.events';
import { isDataSourceTableEvent } from '@app/contracts/events/data-source/data-source-table.events';
import { contentNodeKey, type ContentNodeKind, type ContentNodeRecord } from '@app/contracts/read-models/content-node.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { RecordedEvent } from '@app/storage';
import type { Projection } from '../projection';

/** The node an event is about, if it is about a document, table or folder. */
function nodeOf(event: RecordedEvent): { dataSourceId: string; nodeType: ContentNodeKind; nodeId: string } | null {
  if (isDataSourceDocumentEvent(event)) return { dataSourceId: event.data.dataSourceId, nodeType: 'document', nodeId: event.data.documentId };
  if (isDataSourceTableEvent(event)) return { dataSourceId: event.data.dataSourceId, nodeType: 'table', nodeId: event.data.tableId };
  if (isDataSourceFolderEvent(event)) return { dataSourceId: event.data.dataSourceId, nodeType: 'folder', nodeId: event.data.folderId };
  return null;
}

/**
 * The documents, tables and folders of every data source, by their metadata only (no text, no
 * rows), for node search: small enough to read a data source's nodes whole and match their titles.
 */
export const contentNodeProjection: Projection<ContentNodeRecord> = {
  ...READ_MODELS.contentNodes,
  indexes: ['dataSourceId'],
  canHandle: ['DocumentUpserted', 'DocumentDeleted', 'DocumentParentsChanged', 'TableUpserted', 'TableDeleted', 'TableParentsChanged', 'FolderUpserted', 'FolderDeleted'],
  documentIds: (event) => {
    const node = nodeOf(event);
    return node ? [contentNodeKey(node.dataSourceId, node.nodeType, node.nodeId)] : [];
  },
  evolve(doc, event) {
    if (isDataSourceDocumentEvent(event)) {
      switch (event.type) {
        case 'DocumentUpserted':
          return nodeFrom('document', event.data.documentId, event.data, null);
        case 'DocumentParentsChanged':
          return doc && reparented(doc, event.data);
        case 'DocumentDeleted':
          return null;
        default:
          return doc;
      }
    }
    if (isDataSourceTableEvent(event)) {
      switch (event.type) {
        case 'TableUpserted':
          return nodeFrom('table', event.data.tableId, event.data, null);
        case 'TableParentsChanged':
          return doc && reparented(doc, event.data);
        case 'TableDeleted':
          return null;
        default:
          return doc;
      }
    }
    if (isDataSourceFolderEvent(event)) {
      return event.type === 'FolderUpserted' ? nodeFrom('folder', event.data.folderId, event.data, event.data.providerVisibility) : null;
    }
    return doc;
  },
};

/** What an upsert event of any kind of node says of it. */
interface UpsertedNode {
  readonly workspaceId: string;
  readonly dataSourceId: string;
  readonly title: string;
  readonly mimeType: string;
  readonly sourceUrl: string | null;
  readonly parentId: string | null;
  readonly parents: string[];
  readonly timestamp: number;
  readonly at: number;
}

function nodeFrom(nodeType: ContentNodeKind, nodeId: string, data: UpsertedNode, providerVisibility: string | null): ContentNodeRecord {
  const { workspaceId, dataSourceId, title, mimeType, sourceUrl, parentId, parents, timestamp, at } = data;
  return { workspaceId, dataSourceId, nodeId, nodeType, title, mimeType, sourceUrl, providerVisibility, parentId, parents, timestamp, updatedAt: at };
}

function reparented(doc: ContentNodeRecord, data: { readonly parentId: string | null; readonly parents: string[]; readonly at: number }): ContentNodeRecord {
  return { ...doc, parentId: data.parentId, parents: data.parents, updatedAt: data.at };
}
