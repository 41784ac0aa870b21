import type { DocumentSection } from '../documents/document-section.types';

/** DataSource as the official client validates it (dust-api §1). */
export interface DataSourceResponse {
  readonly id: number;
  readonly sId: string;
  readonly createdAt: number;
  readonly name: string;
  readonly description: string | null;
  readonly assistantDefaultSelected: boolean;
  readonly dustAPIProjectId: string;
  readonly dustAPIDataSourceId: string;
  readonly connectorId: string | null;
  readonly connectorProvider: string | null;
}

/** DataSourceView as the official client validates it. */
export interface DataSourceViewResponse {
  readonly category: string;
  readonly createdAt: number;
  readonly dataSource: DataSourceResponse;
  readonly id: number;
  readonly kind: string;
  readonly parentsIn: string[] | null;
  readonly sId: string;
  readonly updatedAt: number;
  readonly spaceId: string;
}

/** A chunk of a document (chunking belongs to indexing: documents served here list none). */
export interface DocumentChunkResponse {
  readonly text: string;
  readonly hash: string;
  readonly offset: number;
  readonly vector?: number[] | null;
  readonly score?: number | null;
}

/** CoreAPIDocument (dust-api §1), with the fields the real server adds. */
export interface CoreApiDocumentResponse {
  readonly data_source_id: string;
  readonly created: number;
  readonly document_id: string;
  readonly timestamp: number;
  readonly parent_id: string | null;
  readonly parents: string[];
  readonly tags: string[];
  readonly title: string;
  readonly mime_type: string;
  readonly source_url: string | null;
  readonly hash: string;
  readonly text_size: number;
  readonly token_count: number;
  readonly chunk_count: number;
  readonly chunks: DocumentChunkResponse[];
  readonly text: string | null;
}

/** The upsert's answer with `light_document_output`. */
export interface LightDocumentResponse {
  readonly hash: string;
  readonly text_size: number;
  readonly chunk_count: number;
  readonly token_count: number;
  readonly created: number;
}

/** `POST …/spaces/{spaceId}/data_sources`. */
export interface CreateDataSourceResponse {
  readonly dataSource: DataSourceResponse;
  readonly dataSourceView: DataSourceViewResponse;
}

/** `GET …/data_sources`. */
export interface ListDataSourcesResponse {
  readonly data_sources: DataSourceResponse[];
}

/** `GET …/data_source_views`. */
export interface ListDataSourceViewsResponse {
  readonly dataSourceViews: DataSourceViewResponse[];
}

/** `GET|PATCH …/data_source_views/{dsvId}`. */
export interface DataSourceViewEnvelope {
  readonly dataSourceView: DataSourceViewResponse;
}

/** `POST …/documents/{documentId}` answered synchronously. */
export interface UpsertDocumentResponse {
  readonly document: CoreApiDocumentResponse | LightDocumentResponse;
  readonly data_source: DataSourceResponse;
}

/** `POST …/documents/{documentId}` with `async`, and `DELETE …/documents/{documentId}`. */
export interface DocumentIdResponse {
  readonly document: { readonly document_id: string };
}

/** `GET …/documents/{documentId}`. */
export interface GetDocumentResponse {
  readonly document: CoreApiDocumentResponse;
}

/** `GET …/documents`. */
export interface ListDocumentsResponse {
  readonly documents: CoreApiDocumentResponse[];
  readonly total: number;
}

/** `GET …/documents/{documentId}/blob`: the document as it was upserted. */
export interface DocumentBlobResponse {
  readonly blob: {
    readonly document_id: string;
    readonly mime_type: string;
    readonly parent_id: string | null;
    readonly parents: string[];
    readonly section: DocumentSection;
    readonly source_url: string | null;
    readonly tags: string[];
    readonly timestamp: number;
    readonly title: string;
  };
}

/** `POST …/documents/{documentId}/parents`. */
export interface UpdatedResponse {
  readonly updated: true;
}

/** `POST …/tokenize`: each token's id and text. */
export interface TokenizeResponse {
  readonly tokens: [number, string][];
}
