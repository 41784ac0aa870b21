import type { DocumentBlobResponse, DocumentIdResponse, GetDocumentResponse, ListDocumentsResponse, UpsertDocumentResponse } from '@app/contracts/http/data-source.types';
import type { FileEnvelope } from '@app/contracts/http/file.types';
import type { SearchDocumentsResponse } from '@app/contracts/http/search-result.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';
import type { FileToUpload } from './files';

/** Where a data source is: its space and its id, as every route under it names them. */
export interface DataSourceAddress {
  readonly wId: string;
  readonly spaceId: string;
  readonly dsId: string;
}

/**
 * The documents of a data source (`…/spaces/{spaceId}/data_sources/{dsId}/documents`), a file made
 * a document (`…/files`), and the data source's search, the one the agents' search tool runs.
 * Writes are for builders and admins; the api refuses the others.
 */
export class DataSourcesApi {
  constructor(private readonly client: ApiClient) {}

  /** One page of documents, `total` counting them all. */
  documents(at: DataSourceAddress, page: { readonly limit: number; readonly offset: number }, options?: RequestOptions): Promise<ListDocumentsResponse> {
    return this.client.get(`${dataSourcePath(at)}/documents?limit=${page.limit}&offset=${page.offset}`, options);
  }

  /** A document with its text. */
  document(at: DataSourceAddress, documentId: string, options?: RequestOptions): Promise<GetDocumentResponse> {
    return this.client.get(`${dataSourcePath(at)}/documents/${encodeURIComponent(documentId)}`, options);
  }

  /** A document as it was upserted: its section tree. */
  blob(at: DataSourceAddress, documentId: string, options?: RequestOptions): Promise<DocumentBlobResponse> {
    return this.client.get(`${dataSourcePath(at)}/documents/${encodeURIComponent(documentId)}/blob`, options);
  }

  deleteDocument(at: DataSourceAddress, documentId: string): Promise<DocumentIdResponse> {
    return this.client.delete(`${dataSourcePath(at)}/documents/${encodeURIComponent(documentId)}`);
  }

  /** Creates the document `documentId` from typed text, or replaces the one of that id. */
  upsertDocument(at: DataSourceAddress, documentId: string, document: { readonly title: string; readonly text: string }): Promise<UpsertDocumentResponse> {
    return this.client.post(`${dataSourcePath(at)}/documents/${encodeURIComponent(documentId)}`, { ...document, mime_type: 'text/plain' });
  }

  /** Asks to upload a file meant to become a document (refused when too big or of a type the api cannot read). */
  requestDocumentUpload(wId: string, file: FileToUpload): Promise<FileEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/files`, { ...file, useCase: 'upsert_document' });
  }

  /** Makes an uploaded file a document of the data source, from its extracted text, titled by its name. */
  upsertFile(at: DataSourceAddress, fileId: string, title: string): Promise<UpsertDocumentResponse> {
    return this.client.post(`${dataSourcePath(at)}/files`, { fileId, upsertArgs: { title } });
  }

  /** The documents whose chunks best match `query`, each with its chunks and their scores. */
  search(at: DataSourceAddress, query: string, topK: number, options?: RequestOptions): Promise<SearchDocumentsResponse> {
    return this.client.get(`${dataSourcePath(at)}/search?query=${encodeURIComponent(query)}&top_k=${topK}`, options);
  }
}

/** The canonical path of a data source, its ids encoded. */
export function dataSourcePath({ wId, spaceId, dsId }: DataSourceAddress): string {
  return apiPath`/api/w/${wId}/spaces/${spaceId}/data_sources/${dsId}`;
}
