import type { DataSourceResponse } from './data-source.types';

/** A folder as the client's `CoreAPIFolderSchema` validates it, with the fields the real service adds. */
export interface CoreApiFolderResponse {
  readonly data_source_id: string;
  readonly folder_id: string;
  readonly title: string;
  readonly parent_id: string | null;
  readonly parents: string[];
  readonly timestamp: number;
  readonly mime_type: string;
  readonly source_url: string | null;
  readonly provider_visibility: string | null;
}

/** `POST …/data_sources/{dsId}/folders/{folderId}`. */
export interface UpsertFolderResponse {
  readonly folder: CoreApiFolderResponse;
  readonly data_source: DataSourceResponse;
}

/** `DELETE …/data_sources/{dsId}/folders/{folderId}`. */
export interface DeleteFolderResponse {
  readonly folder: { readonly folder_id: string };
}
