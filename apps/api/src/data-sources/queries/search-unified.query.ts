import type { SearchUnifiedQueryDto } from '@app/contracts/http/node-search.dto';
import type { UnifiedSearchEvent } from '@app/contracts/http/node-search.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { NodeSearch } from '../node-search';

const VIEW_TYPES = { all: 'all', documents: 'document', tables: 'table' } as const;

/**
 * Unified search (reference: `searchUnified`, `GET …/search`): one page of node search as the
 * events of its stream, knowledge results then tool results (none: no tool here searches).
 */
export class SearchUnifiedQuery extends Query<UnifiedSearchEvent[]> {
  constructor(
    readonly auth: AuthContext,
    readonly query: SearchUnifiedQueryDto,
  ) {
    super();
  }
}

@QueryHandler(SearchUnifiedQuery)
export class SearchUnifiedHandler implements IQueryHandler<SearchUnifiedQuery> {
  constructor(private readonly nodeSearch: NodeSearch) {}

  async execute({ auth, query }: SearchUnifiedQuery): Promise<UnifiedSearchEvent[]> {
    const limit = query.limit ?? 25;
    const offset = query.cursor === undefined ? 0 : Number(query.cursor);
    const nodes = await this.nodeSearch.matching(auth, {
      query: query.query,
      viewType: VIEW_TYPES[query.viewType ?? 'all'],
      spaceIds: query.spaceIds === undefined ? [] : query.spaceIds.split(','),
      includeDataSources: query.includeDataSources ?? true,
      searchSourceUrls: query.searchSourceUrls ?? false,
    });
    const next = offset + limit;
    const knowledge: UnifiedSearchEvent = {
      knowledgeResults: { nodes: nodes.slice(offset, next), warningCode: null, nextPageCursor: next < nodes.length ? String(next) : null, resultsCount: nodes.length },
    };
    return query.includeTools === false ? [knowledge] : [knowledge, { toolResults: [] }];
  }
}
