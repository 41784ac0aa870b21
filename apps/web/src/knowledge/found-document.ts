import type { SearchResultDocument } from '@app/contracts/http/search-result.types';

/** As many documents as the agents' search tool asks for by default. */
export const SEARCH_TOP_K = 8;

/** A document found, with where it lives (for its link) and, in a space's search, its data source's name. */
export interface FoundDocument {
  readonly document: SearchResultDocument;
  readonly spaceId: string;
  readonly dsId: string;
  readonly sourceName?: string;
}
