import type { CoreApiDocumentResponse, DataSourceResponse, DataSourceViewResponse, DocumentBlobResponse } from '../http/data-source.types';
import type { DataSourceDocument, DataSourceDocumentRecord, DataSourceViewDocument } from '../read-models/data-source.read-models';

/** The wire data source: a folder (no connector), its own core project and data source. */
export function renderDataSource(doc: DataSourceDocument): DataSourceResponse {
  return {
    id: doc.id,
    sId: doc.sId,
    createdAt: doc.createdAt,
    name: doc.name,
    description: doc.description,
    assistantDefaultSelected: false,
    dustAPIProjectId: doc.workspaceId,
    dustAPIDataSourceId: doc.sId,
    connectorId: null,
    connectorProvider: null,
  };
}

/** The wire view, with its data source. */
export function renderDataSourceView(view: DataSourceViewDocument, dataSource: DataSourceDocument): DataSourceViewResponse {
  return {
    category: 'folder',
    createdAt: view.createdAt,
    dataSource: renderDataSource(dataSource),
    id: view.id,
    kind: view.kind,
    parentsIn: view.parentsIn,
    sId: view.sId,
    updatedAt: view.updatedAt,
    spaceId: view.spaceId,
  };
}

/**
 * The wire document; `withText` false leaves `text` null (lists of many large documents). Its
 * chunks live in the search index: the API fills `chunk_count` and `chunks` from there.
 */
export function renderCoreApiDocument(doc: DataSourceDocumentRecord, withText = true): CoreApiDocumentResponse {
  return {
    data_source_id: doc.dataSourceId,
    created: doc.createdAt,
    document_id: doc.documentId,
    timestamp: doc.timestamp,
    parent_id: doc.parentId,
    parents: doc.parents,
    tags: doc.tags,
    title: doc.title,
    mime_type: doc.mimeType,
    source_url: doc.sourceUrl,
    hash: doc.hash,
    text_size: doc.textSize,
    token_count: doc.tokenCount,
    chunk_count: 0,
    chunks: [],
    text: withText ? doc.text : null,
  };
}

/** The document as it was upserted. */
export function renderDocumentBlob(doc: DataSourceDocumentRecord): DocumentBlobResponse {
  return {
    blob: {
      document_id: doc.documentId,
      mime_type: doc.mimeType,
      parent_id: doc.parentId,
      parents: doc.parents,
      section: doc.section,
      source_url: doc.sourceUrl,
      tags: doc.tags,
      timestamp: doc.timestamp,
      title: doc.title,
    },
  };
}
