import type { CreateDataSourceResponse, ListDataSourcesResponse, ListDataSourceViewsResponse } from '@app/contracts/http/data-source.types';
import type { SearchDocumentsResponse } from '@app/contracts/http/search-result.types';
import type { GetSpaceResponse, ListSpacesResponse } from '@app/contracts/http/workspace.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/**
 * The workspace's spaces and the data sources in each (`/api/w/{wId}/spaces`, `…/spaces/{spaceId}/data_sources`):
 * every member reads the spaces they can see; builders and admins create and delete data sources.
 */
export class SpacesApi {
  constructor(private readonly client: ApiClient) {}

  /** The spaces the person can see, oldest first. */
  list(wId: string, options?: RequestOptions): Promise<ListSpacesResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces`, options);
  }

  /** One space with the members of a restricted one. */
  get(wId: string, spaceId: string, options?: RequestOptions): Promise<GetSpaceResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces/${spaceId}`, options);
  }

  dataSources(wId: string, spaceId: string, options?: RequestOptions): Promise<ListDataSourcesResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces/${spaceId}/data_sources`, options);
  }

  /** A data source, and the view of it in the space that agents are given. */
  createDataSource(wId: string, spaceId: string, name: string, description: string): Promise<CreateDataSourceResponse> {
    return this.client.post(apiPath`/api/w/${wId}/spaces/${spaceId}/data_sources`, { name, description });
  }

  /** The views of the space's data sources: what agents are given, and what the space's search goes through. */
  dataSourceViews(wId: string, spaceId: string, options?: RequestOptions): Promise<ListDataSourceViewsResponse> {
    return this.client.get(apiPath`/api/w/${wId}/spaces/${spaceId}/data_source_views`, options);
  }

  /** An agent's search through one view (its parents filter applies): the documents whose chunks best match, with their scores. */
  searchView(wId: string, spaceId: string, dsvId: string, query: string, topK: number, options?: RequestOptions): Promise<SearchDocumentsResponse> {
    return this.client.get(`${apiPath`/api/w/${wId}/spaces/${spaceId}/data_source_views/${dsvId}/search`}?query=${encodeURIComponent(query)}&top_k=${topK}`, options);
  }

  deleteDataSource(wId: string, spaceId: string, dsId: string): Promise<void> {
    return this.client.delete(apiPath`/api/w/${wId}/spaces/${spaceId}/data_sources/${dsId}`);
  }
}
