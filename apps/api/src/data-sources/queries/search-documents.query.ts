import type { SearchQueryDto } from '@app/contracts/http/search.dto';
import type { SearchDocumentsResponse } from '@app/contracts/http/search-result.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SearchService } from '../../search/search.service';
import type { SearchParams } from '../../search/search-params';

/** What a search route resolved: the data source searched and the view's `parentsIn` (null for a whole data source). */
export interface SearchScope {
  readonly dataSourceId: string;
  readonly viewParentsIn: readonly string[] | null;
}

/** The answer of the search routes: the documents, and whether vectors took part (never silently lexical). */
export interface SearchEndpointResponse extends SearchDocumentsResponse {
  readonly search_mode: 'hybrid' | 'lexical';
  readonly lexical_only_reason: string | null;
}

/** A search of one data source, or of the part of it a view shows (reference §5.1). */
export class SearchDocumentsQuery extends Query<SearchEndpointResponse> {
  constructor(
    readonly scope: SearchScope,
    readonly query: SearchQueryDto,
  ) {
    super();
  }
}

@QueryHandler(SearchDocumentsQuery)
export class SearchDocumentsHandler implements IQueryHandler<SearchDocumentsQuery> {
  constructor(private readonly search: SearchService) {}

  async execute({ scope, query }: SearchDocumentsQuery): Promise<SearchEndpointResponse> {
    const outcome = await this.search.search(searchParamsOf(scope, query));
    return { documents: outcome.documents, search_mode: outcome.mode, lexical_only_reason: outcome.lexicalOnlyReason };
  }
}

/** The search service's parameters for a parsed query string in a resolved scope. */
export function searchParamsOf(scope: SearchScope, query: SearchQueryDto): SearchParams {
  return {
    dataSourceIds: [scope.dataSourceId],
    viewParentsIn: scope.viewParentsIn,
    query: query.query,
    topK: query.top_k,
    fullText: query.full_text,
    targetDocumentTokens: query.target_document_tokens ?? null,
    timestampGt: query.timestamp_gt ?? null,
    timestampLt: query.timestamp_lt ?? null,
    tagsIn: query.tags_in ?? null,
    tagsNot: query.tags_not ?? null,
    parentsIn: query.parents_in ?? null,
    parentsNot: query.parents_not ?? null,
    embeddingProvider: null,
  };
}
