/**
 * A search of reference §5.1, its query string already parsed and validated, and the scope the
 * route resolved (the data sources of the view or the data source, the view's `parentsIn`).
 */
export interface SearchParams {
  readonly dataSourceIds: readonly string[];
  /** The data source view's `parentsIn`; null for a whole data source. */
  readonly viewParentsIn: readonly string[] | null;
  readonly query: string;
  /** Chunks to return at most (documents group them). */
  readonly topK: number;
  /** Return each document's full text. */
  readonly fullText: boolean;
  /** Extend each found document's chunks with their neighbours up to this many tokens. */
  readonly targetDocumentTokens: number | null;
  readonly timestampGt: number | null;
  readonly timestampLt: number | null;
  readonly tagsIn: readonly string[] | null;
  readonly tagsNot: readonly string[] | null;
  readonly parentsIn: readonly string[] | null;
  readonly parentsNot: readonly string[] | null;
  /** The workspace's `defaultEmbeddingProvider`, which picks the embedding model of the query. */
  readonly embeddingProvider: string | null;
}

/** How a search was answered. */
export type SearchMode = 'hybrid' | 'lexical';

/** A search of these data sources with no filter, no view, no context extension, lexical unless an operator endpoint is set. */
export function unfilteredSearch(dataSourceIds: readonly string[], query: string, topK: number): SearchParams {
  return {
    dataSourceIds,
    viewParentsIn: null,
    query,
    topK,
    fullText: false,
    targetDocumentTokens: null,
    timestampGt: null,
    timestampLt: null,
    tagsIn: null,
    tagsNot: null,
    parentsIn: null,
    parentsNot: null,
    embeddingProvider: null,
  };
}
