/** A chunk of a found document (reference §1, CoreAPIDocument chunks); `score` is null for context chunks added around a hit. */
export interface SearchResultChunk {
  readonly text: string;
  readonly hash: string;
  /** The chunk's position in its document (0, 1, …). */
  readonly offset: number;
  readonly score: number | null;
}

/**
 * A document found by a data source search: the CoreAPIDocument the official client validates
 * (reference §1), with the title, parents and best chunk score the service spec (2.16) adds.
 * Scores grow with relevance.
 */
export interface SearchResultDocument {
  readonly data_source_id: string;
  readonly created: number;
  readonly document_id: string;
  readonly title: string;
  readonly mime_type: string;
  readonly timestamp: number;
  readonly parent_id: string | null;
  readonly parents: readonly string[];
  readonly tags: readonly string[];
  readonly source_url: string | null;
  readonly hash: string;
  readonly text_size: number;
  readonly chunk_count: number;
  readonly chunks: readonly SearchResultChunk[];
  /** The full document text with `full_text`, else null. */
  readonly text: string | null;
  /** The best chunk score of the document. */
  readonly score: number;
}

/** Response of the search endpoints (reference §5.1). */
export interface SearchDocumentsResponse {
  readonly documents: readonly SearchResultDocument[];
}
