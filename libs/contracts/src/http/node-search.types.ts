import type { DataSourceResponse, DataSourceViewResponse } from './data-source.types';

/** `GET …/data_source_views/search`. */
export interface SearchDataSourceViewsResponse {
  readonly data_source_views: DataSourceViewResponse[];
}

/** A document, table or folder as the client's `DataSourceContentNodeSchema` validates it. */
export interface ContentNodeResponse {
  readonly expandable: boolean;
  readonly internalId: string;
  readonly lastUpdatedAt: number | null;
  readonly mimeType: string;
  /** The direct parent's id. */
  readonly parentInternalId: string | null;
  readonly preventSelection: boolean;
  readonly providerVisibility: string | null;
  readonly sourceUrl: string | null;
  readonly title: string;
  readonly type: 'document' | 'table' | 'folder';
  /** The node id first, then its ancestors nearest first. */
  readonly parentsInternalIds: string[];
  /** The direct parent's title, when it is a node of the same data source. */
  readonly parentTitle: string | null;
  readonly dataSource: DataSourceResponse;
  /** The views of the data source the caller can read that show this node. */
  readonly dataSourceViews: DataSourceViewResponse[];
}

/** `POST …/search`. */
export interface SearchNodesResponse {
  readonly nodes: ContentNodeResponse[];
  readonly warningCode: null;
  /** Every node that matched, of which `nodes` holds the first `limit`. */
  readonly resultsCount: number;
}

/** One event of the unified search stream (`GET …/search`): knowledge results, then tool results. */
export type UnifiedSearchEvent =
  | {
      readonly knowledgeResults: {
        readonly nodes: ContentNodeResponse[];
        readonly warningCode: null;
        /** Where the next page starts, or null on the last page. */
        readonly nextPageCursor: string | null;
        readonly resultsCount: number;
      };
    }
  | { readonly toolResults: never[] };
