import type { DocumentContent } from '../events/data-source/data-source-document.events';
import type { FolderContent } from '../events/data-source/data-source-folder.events';

/** Read model of a data source (`data_sources` collection, id = data source sId). */
export interface DataSourceDocument {
  [key: string]: unknown;
  /** Global position of the event that created it. */
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly name: string;
  readonly description: string | null;
  readonly createdBy: string | null;
  readonly createdAt: number;
}

/** Read model of a data source view (`data_source_views` collection, id = view sId). */
export interface DataSourceViewDocument {
  [key: string]: unknown;
  readonly id: number;
  readonly sId: string;
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly dataSourceId: string;
  readonly kind: 'default' | 'custom';
  readonly parentsIn: string[] | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/**
 * Read model of a document (`data_source_documents` collection, id = `<data source sId>:<document
 * id>`): its last upserted content (the tokenizer aside) and its text.
 */
export interface DataSourceDocumentRecord extends Omit<DocumentContent, 'tokenizer'> {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly dataSourceId: string;
  readonly documentId: string;
  readonly text: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Id of a document in the `data_source_documents` read model (data source sIds hold no colon). */
export function dataSourceDocumentKey(dataSourceId: string, documentId: string): string {
  return `${dataSourceId}:${documentId}`;
}

/** Read model of a folder (`data_source_folders` collection, id = `<data source sId>:<folder id>`). */
export interface DataSourceFolderRecord extends FolderContent {
  [key: string]: unknown;
  readonly workspaceId: string;
  readonly dataSourceId: string;
  readonly folderId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Id of a folder in the `data_source_folders` read model (data source sIds hold no colon). */
export function dataSourceFolderKey(dataSourceId: string, folderId: string): string {
  return `${dataSourceId}:${folderId}`;
}
